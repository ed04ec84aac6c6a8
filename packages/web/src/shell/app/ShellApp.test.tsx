import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestShell, generalSettings } from '../../testing/fixtures';
import { FakeServer } from '../../testing/fakeServer';
import { renderEdition } from '../../testing/renderEdition';
import { showErrorPage } from '../errors/errorPageSlice';
import { INSTANCE_LIMIT_EXCEEDED_PAGE } from '../errors/errorPages';
import { PRODUCT_VERSION } from '../version';
import { createEditionRoutes } from './editionRoutes';
import { ShellApp } from './ShellApp';

const settingsServer = (settings = generalSettings()) =>
  new FakeServer().on('GET', '/api/settings/general', { json: settings });

function Exploding(): never {
  throw new Error('render failed');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('shell app', () => {
  it('shows a loading screen until the general settings arrive', () => {
    const shell = createTestShell({ server: new FakeServer().hang('GET', '/api/settings/general') });
    const router = createMemoryRouter(createEditionRoutes({ home: <h1>Office</h1> }));
    render(<ShellApp store={shell.store} config={shell.config} router={router} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading Manway Office…');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('the header shows Manway, the edition, the display name and a Sign out button', async () => {
    await renderEdition({ server: settingsServer(), edition: 'web-inspect', home: <h1>Inspect</h1> });

    const header = screen.getByRole('banner');
    expect(within(header).getByText('Manway')).toBeInTheDocument();
    expect(within(header).getByText('Inspect')).toBeInTheDocument();
    expect(within(header).getByTestId('user-display-name')).toHaveTextContent('Jane Doe');
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inspect' })).toBeInTheDocument();
  });

  it('a deep link to /about shows the product version, the signed-in user and role flags', async () => {
    const settings = generalSettings({
      user: { login: 'viewer1', displayName: 'Vic Viewer', hasEditorPermissions: false, hasReviewPermissions: false },
      mode: 'editor',
      isGuest: true,
    });
    await renderEdition({ server: settingsServer(settings), path: '/about' });

    expect(screen.getByRole('heading', { level: 1, name: 'About Manway' })).toBeInTheDocument();
    expect(screen.getByTestId('about-version')).toHaveTextContent(PRODUCT_VERSION);
    expect(screen.getByTestId('about-user')).toHaveTextContent('Vic Viewer');
    expect(screen.getByTestId('about-login')).toHaveTextContent('viewer1');
    expect(screen.getByTestId('about-editor-permissions')).toHaveTextContent('No');
    expect(screen.getByTestId('about-edit-mode')).toHaveTextContent('No');
    expect(screen.getByTestId('about-guest')).toHaveTextContent('Yes');
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  it('an unknown path shows Not found with a link to the edition home', async () => {
    const user = userEvent.setup();
    await renderEdition({ server: settingsServer(), path: '/some/deep/path' });

    expect(screen.getByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Office home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
  });

  it('a failed settings load replaces the app with its error page', async () => {
    const server = new FakeServer().on('GET', '/api/settings/general', {
      status: 400,
      json: { code: 'db-state/db-server-unavailable' },
    });
    const { browser } = await renderEdition({ server });

    expect(screen.getByRole('heading', { level: 1, name: 'Database unavailable' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Restart Web App' }));
    expect(browser.reloads).toBe(1);
  });

  it('a licence warning in the settings is shown as a warning notification', async () => {
    await renderEdition({
      server: settingsServer(generalSettings({ licenseWarning: 'The licence expires on 1 May.' })),
    });

    expect(screen.getByRole('alert')).toHaveTextContent('The licence expires on 1 May.');
  });

  it('Sign out calls log-off and follows its redirect', async () => {
    const server = settingsServer().on('POST', '/api/account/logoff', {
      json: { redirectUrl: '/api/account/login?returnUrl=%2Foffice%2F' },
    });
    const { browser } = await renderEdition({ server });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    expect(browser.assigned).toEqual(['/api/account/login?returnUrl=%2Foffice%2F']);
    expect(screen.getByTestId('busy-overlay')).toHaveTextContent('Please wait a few seconds');
  });

  it('a render error inside a page shows Application crashed with the main-page link', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderEdition({ server: settingsServer(), home: <Exploding /> });
    consoleError.mockRestore();
    consoleWarn.mockRestore();

    expect(screen.getByRole('heading', { name: 'Application crashed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/office/');
  });

  it('on a phone the page links fold behind a Menu button', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const user = userEvent.setup();
    await renderEdition({ server: settingsServer() });

    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'About' }));
    expect(screen.getByRole('heading', { level: 1, name: 'About Manway' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('a show-error-page action after start replaces the edition', async () => {
    const { store } = await renderEdition({ server: settingsServer() });

    act(() => {
      store.dispatch(showErrorPage(INSTANCE_LIMIT_EXCEEDED_PAGE));
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Instance limit exceeded' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the main page' })).toHaveAttribute('href', '/office/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
