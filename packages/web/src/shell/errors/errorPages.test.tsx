import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestShell } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { renderInShell } from '../../testing/render';
import { errorPageReducer, showErrorPage } from './errorPageSlice';
import { ErrorPage } from './ErrorPage';
import * as catalogue from './catalogue';
import * as errorPages from './errorPages';
import {
  ACCESS_DENIED_PAGE,
  BOM_VERSION_CHANGED_PAGE,
  INSPECT_SEAT_LIMIT_PAGE,
  OFFICE_EDITING_LICENCE_PAGE,
  OFFICE_SEAT_LIMIT_PAGE,
  SESSION_EXPIRED_PAGE,
} from './errorPages';
import { FatalErrorBoundary } from './FatalErrorBoundary';
import { ShellErrorPage } from './ShellErrorPage';

function Exploding(): never {
  throw new Error('render failed');
}

describe('error pages', () => {
  it('a show-error-page action sets the error info and the error-occurred flag', () => {
    const state = errorPageReducer(undefined, showErrorPage(ACCESS_DENIED_PAGE));
    expect(state).toEqual({ info: ACCESS_DENIED_PAGE, errorOccurred: true });
  });

  it('shows title, description, caution and the default contact-support message', () => {
    render(
      <ErrorPage
        info={{ title: 'Database unavailable', description: 'Cannot reach it.', caution: 'Work is not saved.' }}
        baseUrl="/office/"
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Database unavailable' })).toBeInTheDocument();
    expect(screen.getByText('Cannot reach it.')).toBeInTheDocument();
    expect(screen.getByText('Work is not saved.')).toBeInTheDocument();
    expect(screen.getByText('If the problem persists, contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('a custom contact message replaces the default one', () => {
    render(
      <ErrorPage
        info={{ title: 'T', description: 'D', contactMessage: 'Call the service desk on 1234.' }}
        baseUrl="/office/"
      />,
    );

    expect(screen.getByText('Call the service desk on 1234.')).toBeInTheDocument();
    expect(screen.queryByText('If the problem persists, contact support.')).not.toBeInTheDocument();
  });

  it('the session-expired page says it is redirecting to the login page', () => {
    render(<ErrorPage info={SESSION_EXPIRED_PAGE} baseUrl="/settings/" />);

    expect(screen.getByRole('heading', { name: 'Your current session has expired' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting to login page...')).toBeInTheDocument();
  });

  it('the licensing pages name the seat or licence that is missing', () => {
    expect(INSPECT_SEAT_LIMIT_PAGE.description).toContain('Inspect');
    expect(OFFICE_SEAT_LIMIT_PAGE.description).toContain('Office');
    expect(OFFICE_EDITING_LICENCE_PAGE.title).toBe('Office editing licence not found');
  });

  it("inspect seat not available ('LICENSE LIMIT REACHED'), and the office seat page says the same", () => {
    expect(INSPECT_SEAT_LIMIT_PAGE.title).toBe('LICENSE LIMIT REACHED');
    expect(OFFICE_SEAT_LIMIT_PAGE.title).toBe('LICENSE LIMIT REACHED');
  });

  it('pages and messages spell licence as the spec does, the verbatim LICENSE LIMIT REACHED aside', () => {
    const strings = (value: unknown): string[] => {
      if (typeof value === 'string') return [value];
      if (typeof value === 'function') return strings((value as (name: string) => unknown)('Manway Office'));
      if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
      return [];
    };
    const texts = strings([errorPages, catalogue]).filter((t) => t !== 'LICENSE LIMIT REACHED');

    expect(texts.filter((t) => /license/i.test(t))).toEqual([]);
    expect(texts.some((t) => /licence/.test(t))).toBe(true);
  });

  it('Restart Web App and the limit-reached button reload the app', async () => {
    const user = userEvent.setup();
    const shell = createTestShell();
    renderInShell(<ShellErrorPage info={{ ...INSPECT_SEAT_LIMIT_PAGE, isRestartButton: true }} />, shell);

    await user.click(await screen.findByRole('button', { name: 'Restart Web App' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(shell.browser.reloads).toBe(2);
  });

  it('the BOM-version-changed page offers Restart Web App', async () => {
    const shell = createTestShell();
    renderInShell(<ShellErrorPage info={BOM_VERSION_CHANGED_PAGE} />, shell);

    expect(await screen.findByText(/requires a server restart/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restart Web App' })).toBeInTheDocument();
  });

  it('the access-denied page logs off through the server', async () => {
    const user = userEvent.setup();
    const server = new FakeServer().on('POST', '/api/account/logoff', {
      json: { redirectUrl: '/api/account/login?returnUrl=%2Foffice%2F' },
    });
    const shell = createTestShell({ server });
    renderInShell(<ShellErrorPage info={ACCESS_DENIED_PAGE} />, shell);

    await user.click(await screen.findByRole('button', { name: 'Log off' }));

    await vi.waitFor(() => expect(shell.browser.assigned).toEqual(['/api/account/login?returnUrl=%2Foffice%2F']));
  });

  it('the main-page link is shown on fatal errors and leads to the base address', () => {
    render(<ErrorPage info={{ title: 'T', description: 'D', isFatalErrorOccured: true }} baseUrl="/office/" />);

    expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/office/');
  });

  it('a render failure shows Application crashed with the main-page link', () => {
    // React reports the caught error on the console; the assertion is about what the user sees.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <FatalErrorBoundary baseUrl="/inspect/">
        <Exploding />
      </FatalErrorBoundary>,
    );
    consoleError.mockRestore();

    expect(screen.getByRole('heading', { name: 'Application crashed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/inspect/');
  });
});
