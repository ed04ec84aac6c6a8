import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBreakpoint } from './breakpoints';

/** A matchMedia that answers min-width queries for a settable width in em. */
function fakeWindowWidth(initialEm: number) {
  let width = initialEm;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*([\d.]+)em/.exec(query)?.[1] ?? 0);
    return {
      get matches() {
        return width >= min;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    };
  });
  return (em: number) => {
    width = em;
    for (const listener of listeners) listener();
  };
}

function Probe() {
  return <p>{useBreakpoint()}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('breakpoints', () => {
  it('mobile below 48em, tablet from 48em to 64em, desktop from 64em', () => {
    const resize = fakeWindowWidth(30);
    render(<Probe />);
    expect(screen.getByText('mobile')).toBeInTheDocument();

    act(() => resize(48));
    expect(screen.getByText('tablet')).toBeInTheDocument();
    act(() => resize(63.9));
    expect(screen.getByText('tablet')).toBeInTheDocument();
    act(() => resize(64));
    expect(screen.getByText('desktop')).toBeInTheDocument();
  });
});
