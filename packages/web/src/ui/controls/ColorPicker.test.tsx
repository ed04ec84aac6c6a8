import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ColorPicker, DEFAULT_COLOR } from './ColorPicker';

function picker() {
  return screen.getByLabelText<HTMLInputElement>('Line colour');
}

describe('colour picker', () => {
  it('shows the default #000000 when the value is empty', () => {
    expect(DEFAULT_COLOR).toBe('#000000');
    const { rerender } = render(<ColorPicker label="Line colour" value="" onChange={() => undefined} />);
    expect(picker()).toHaveValue('#000000');
    rerender(<ColorPicker label="Line colour" value={null} onChange={() => undefined} />);
    expect(picker()).toHaveValue('#000000');
  });

  it('keeps the colour being dragged locally and reports it on change', () => {
    const onChange = vi.fn();
    render(<ColorPicker label="Line colour" value="#112233" onChange={onChange} />);

    fireEvent.input(picker(), { target: { value: '#445566' } });
    expect(picker()).toHaveValue('#445566');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(picker(), { target: { value: '#445566' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('#445566');
  });

  it('reports on focus loss, for the browser whose picker fires change only then', () => {
    const onChange = vi.fn();
    render(<ColorPicker label="Line colour" value="#112233" onChange={onChange} />);

    fireEvent.input(picker(), { target: { value: '#ff8800' } });
    fireEvent.blur(picker());
    expect(onChange).toHaveBeenCalledExactlyOnceWith('#ff8800');
  });

  it('never reports the same colour twice, whether change or blur comes second', () => {
    const onChange = vi.fn();
    render(<ColorPicker label="Line colour" value="#112233" onChange={onChange} />);

    fireEvent.input(picker(), { target: { value: '#ff8800' } });
    fireEvent.change(picker(), { target: { value: '#ff8800' } });
    fireEvent.blur(picker());
    fireEvent.input(picker(), { target: { value: '#00ff00' } });
    fireEvent.blur(picker());
    fireEvent.change(picker(), { target: { value: '#00ff00' } });
    expect(onChange.mock.calls).toEqual([['#ff8800'], ['#00ff00']]);
  });

  it('does not report the colour it was given when nothing was picked', () => {
    const onChange = vi.fn();
    render(<ColorPicker label="Line colour" value="#112233" onChange={onChange} />);
    fireEvent.focus(picker());
    fireEvent.blur(picker());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a new value from the owner replaces the local colour', () => {
    function Owner() {
      const [color, setColor] = useState('#112233');
      return (
        <>
          <ColorPicker label="Line colour" value={color} onChange={setColor} />
          <button type="button" onClick={() => setColor('#abcdef')}>
            Reset
          </button>
        </>
      );
    }
    render(<Owner />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(picker()).toHaveValue('#abcdef');
  });
});
