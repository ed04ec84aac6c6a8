import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_HAS_WORK_CODE, type UserSummary } from '@manway/core/api/users';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { PASSWORDS_DIFFER } from './PasswordDialog';
import { USER_CONFLICT_TEXT, USER_DIALOG_LOCK } from './UserDialog';
import { NEVER_SIGNED_IN, UsersPage } from './UsersPage';

function summary(id: string, login: string, displayName: string, overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    login,
    displayName,
    email: null,
    role: 'regular',
    office: true,
    inspect: true,
    websync: false,
    review: false,
    disabled: false,
    hasPassword: true,
    singleSignOn: false,
    lastSignIn: '2025-03-03T08:15:00Z',
    version: 1,
    ...overrides,
  };
}

const ADMIN = summary('1', 'admin', 'Administrator', { role: 'administrator', websync: true });
const IVAN = summary('2', 'inspector', 'Ivan Inspector', { office: false, email: 'ivan@example.com' });
const SSO = summary('3', 'sso.person', 'Sam Single', { hasPassword: false, singleSignOn: true, lastSignIn: null });

const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

/** A server whose users change as the calls to it would change them. */
function usersServer() {
  let users = [ADMIN, IVAN, SSO];
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/users', (call) => {
      const term = (call.url.searchParams.get('search') ?? '').toLowerCase();
      return { json: users.filter((u) => `${u.login} ${u.displayName}`.toLowerCase().includes(term)) };
    });
  const replace = (next: UserSummary) => {
    users = users.map((u) => (u.id === next.id ? next : u));
  };
  const add = (next: UserSummary) => {
    users = [...users, next];
  };
  return { server, replace, add };
}

async function open(server: FakeServer) {
  const view = await renderEdition({
    server,
    edition: 'web-settings',
    path: '/users',
    pages: [{ path: 'users', label: 'Users', element: <UsersPage /> }],
  });
  await screen.findByRole('table', { name: 'Users' });
  return view;
}

const row = (login: string) =>
  screen.getAllByRole('row').find((r) => within(r).queryByText(login, { selector: '.mw-users__login' }) !== null)!;

describe('the users page', () => {
  it('lists every user with role, permissions as chips, sign-in, last sign-in and status', async () => {
    const { server } = usersServer();
    await open(server);

    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const ivan = row('inspector');
    expect(within(ivan).getByText('Ivan Inspector')).toBeInTheDocument();
    expect(within(ivan).getByText('ivan@example.com')).toBeInTheDocument();
    expect(within(ivan).getByText('Regular user')).toBeInTheDocument();
    const chips = within(ivan).getByRole('list', { name: 'Permissions of inspector' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Inspect']);
    expect(ivan.querySelector('time')).not.toBeNull();
    expect(within(ivan).getByText('Enabled')).toBeInTheDocument();

    const sso = row('sso.person');
    expect(within(sso).getByText('Single sign-on')).toBeInTheDocument();
    expect(within(sso).getByText(NEVER_SIGNED_IN)).toBeInTheDocument();
    expect(within(row('admin')).getByText('Administrator', { selector: 'td' })).toBeInTheDocument();
  });

  it('the search asks the server for the users matching it', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    await open(server);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ivan{Enter}');

    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/users').at(-1)?.url.searchParams.get('search')).toBe('ivan');
    expect(row('inspector')).toBeDefined();
  });
});

describe('new user', () => {
  it('creates a crew user with the inspect permission and a password, holding the unsaved lock meanwhile', async () => {
    const user = userEvent.setup();
    const { server, add } = usersServer();
    server.on('POST', '/api/users', (call) => {
      const sent = bodyOf(call);
      const created = summary('4', String(sent.login), String(sent.displayName), { office: false, lastSignIn: null });
      add(created);
      return { status: 201, json: created };
    });
    const { store } = await open(server);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Login' }), 'crew-1');
    expect(store.getState().unsaved.locks).toEqual([USER_DIALOG_LOCK]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Casey Crew');
    await user.type(within(dialog).getByRole('textbox', { name: 'E-mail' }), 'casey@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Office' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Inspect' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Password' })).toBeChecked();
    await user.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }),
      'crew-password-1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(server.callsTo('POST', '/api/users')[0])).toEqual({
      login: 'crew-1',
      displayName: 'Casey Crew',
      email: 'casey@example.com',
      role: 'regular',
      office: false,
      inspect: true,
      websync: false,
      review: false,
      password: 'crew-password-1',
    });
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(await screen.findByText('crew-1', { selector: '.mw-users__login' })).toBeInTheDocument();
  });

  it('single sign-on only sends no password, and hides the password field', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    server.on('POST', '/api/users', { status: 201, json: summary('5', 'sso-2', 'S', { hasPassword: false }) });
    await open(server);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Login' }), 'sso-2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'S');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Guest');
    await user.click(within(dialog).getByRole('radio', { name: 'Single sign-on only' }));
    expect(
      within(dialog).queryByLabelText(/^Password/, { selector: 'input[type="password"]' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/users')).toHaveLength(1));
    expect(bodyOf(server.callsTo('POST', '/api/users')[0])).toMatchObject({ role: 'guest', password: null });
  });

  it('a short password and a login with a space are told at their fields, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    await open(server);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Login' }), 'two words');
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Two Words');
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(within(dialog).getByRole('textbox', { name: 'Login' })).toHaveAccessibleDescription(/without spaces/);
    expect(
      within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }),
    ).toHaveAccessibleDescription(/at least 10 characters/);
    expect(server.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it("a login taken shows the server's message at the login field", async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    server.on('POST', '/api/users', {
      status: 400,
      json: { Message: 'The request is invalid.', ModelState: { login: ['Another user already has this login.'] } },
    });
    await open(server);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Login' }), 'Inspector');
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Another Ivan');
    await user.type(
      within(dialog).getByLabelText(/^Password/, { selector: 'input[type="password"]' }),
      'long-enough-password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await within(dialog).findByText('Another user already has this login.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Login' })).toHaveAccessibleDescription(
      /already has this login/,
    );
  });

  it('closing a dialog with edits asks before discarding them', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    const { store } = await open(server);

    await user.click(screen.getByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Login' }), 'half-typed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay here' }));
    expect(screen.getByRole('dialog', { name: 'New user' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New user' })).not.toBeInTheDocument());
    expect(store.getState().unsaved.locks).toEqual([]);
  });
});

describe('editing a user', () => {
  it('saves name, role and permissions with the version read', async () => {
    const user = userEvent.setup();
    const { server, replace } = usersServer();
    server.on('PUT', `/api/users/${IVAN.id}`, (call) => {
      const saved = { ...IVAN, ...(bodyOf(call) as Partial<UserSummary>), version: 2 };
      replace(saved);
      return { json: saved };
    });
    await open(server);

    await user.click(within(row('inspector')).getByRole('button', { name: 'Edit inspector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user inspector' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(within(dialog).queryByRole('textbox', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Review' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Editor');
    await user.click(save);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(server.callsTo('PUT', `/api/users/${IVAN.id}`)[0])).toEqual({
      displayName: 'Ivan Inspector',
      email: 'ivan@example.com',
      role: 'editor',
      office: false,
      inspect: true,
      websync: false,
      review: true,
      version: 1,
    });
    await waitFor(() => expect(within(row('inspector')).getByText('Editor')).toBeInTheDocument());
  });

  it('a user changed by another administrator meanwhile says so and shows the user as now saved', async () => {
    const user = userEvent.setup();
    const { server, replace } = usersServer();
    server.on('PUT', `/api/users/${IVAN.id}`, () => {
      replace({ ...IVAN, displayName: 'Ivan the Second', version: 2 });
      return { status: 409, json: { code: 'concurrency/modified-by-another-user', message: 'Changed.' } };
    });
    const { store } = await open(server);

    await user.click(within(row('inspector')).getByRole('button', { name: 'Edit inspector' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user inspector' });
    const name = within(dialog).getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Ivan Renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(USER_CONFLICT_TEXT);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Display name' })).toHaveValue('Ivan the Second'),
    );
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(store.getState().notifications.items).toEqual([]);

    // Saving again goes against the version read anew.
    server.on('PUT', `/api/users/${IVAN.id}`, (call) => ({ json: { ...IVAN, ...bodyOf(call), version: 3 } }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('PUT', `/api/users/${IVAN.id}`)).toHaveLength(2));
    expect(bodyOf(server.callsTo('PUT', `/api/users/${IVAN.id}`)[1])).toMatchObject({
      displayName: 'Ivan the Second!',
      version: 2,
    });
  });
});

describe('password, disabling and deleting', () => {
  it('Set password asks for it twice and sends it once both agree', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    server.on('PUT', `/api/users/${SSO.id}/password`, { json: { ...SSO, hasPassword: true, version: 2 } });
    await open(server);

    await user.click(within(row('sso.person')).getByRole('button', { name: 'More actions for sso.person' }));
    await user.click(screen.getByRole('menuitem', { name: 'Set password…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set password of sso.person' });
    await user.type(within(dialog).getByLabelText(/^New password/), 'a-long-new-password');
    await user.type(within(dialog).getByLabelText(/^Repeat the new password/), 'a-long-new-passwort');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(within(dialog).getByLabelText(/^Repeat the new password/)).toHaveAccessibleDescription(
      new RegExp(PASSWORDS_DIFFER),
    );
    expect(server.callsTo('PUT', `/api/users/${SSO.id}/password`)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Repeat the new password/));
    await user.type(within(dialog).getByLabelText(/^Repeat the new password/), 'a-long-new-password');
    await user.click(within(dialog).getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(server.callsTo('PUT', `/api/users/${SSO.id}/password`)[0])).toEqual({
      password: 'a-long-new-password',
    });
  });

  it('Disable asks first, then disables; a disabled user can be enabled again', async () => {
    const user = userEvent.setup();
    const { server, replace } = usersServer();
    server
      .on('POST', `/api/users/${IVAN.id}/disable`, () => {
        replace({ ...IVAN, disabled: true, version: 2 });
        return { json: { ...IVAN, disabled: true, version: 2 } };
      })
      .on('POST', `/api/users/${IVAN.id}/enable`, () => {
        replace({ ...IVAN, disabled: false, version: 3 });
        return { json: { ...IVAN, disabled: false, version: 3 } };
      });
    await open(server);

    await user.click(within(row('inspector')).getByRole('button', { name: 'More actions for inspector' }));
    await user.click(screen.getByRole('menuitem', { name: 'Disable' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Disable Ivan Inspector?' });
    expect(ask).toHaveTextContent(/signed out at once/);
    await user.click(within(ask).getByRole('button', { name: 'Disable' }));

    await waitFor(() => expect(within(row('inspector')).getByText('Disabled')).toBeInTheDocument());
    expect(server.callsTo('POST', `/api/users/${IVAN.id}/disable`)).toHaveLength(1);

    await user.click(within(row('inspector')).getByRole('button', { name: 'More actions for inspector' }));
    await user.click(screen.getByRole('menuitem', { name: 'Enable' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(within(row('inspector')).getByText('Enabled')).toBeInTheDocument());
  });

  it('Delete of a user with recorded work shows why it was refused; cancelling deletes nothing', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    const reason =
      'inspector cannot be deleted: their name is on recorded work (3 inspections). Disable the account instead.';
    server.on('DELETE', `/api/users/${IVAN.id}`, { status: 409, json: { code: USER_HAS_WORK_CODE, message: reason } });
    await open(server);

    await user.click(within(row('inspector')).getByRole('button', { name: 'More actions for inspector' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', `/api/users/${IVAN.id}`)).toHaveLength(0);

    await user.click(within(row('inspector')).getByRole('button', { name: 'More actions for inspector' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Ivan Inspector?' });
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(row('inspector')).toBeDefined();
  });

  it('Delete of a user without work removes them from the list', async () => {
    const user = userEvent.setup();
    const { server } = usersServer();
    let deleted = false;
    server
      .on('DELETE', `/api/users/${SSO.id}`, () => {
        deleted = true;
        return { status: 204 };
      })
      .on('GET', '/api/users', () => ({ json: deleted ? [ADMIN, IVAN] : [ADMIN, IVAN, SSO] }));
    await open(server);

    await user.click(within(row('sso.person')).getByRole('button', { name: 'More actions for sso.person' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete…' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByText('sso.person', { selector: '.mw-users__login' })).not.toBeInTheDocument(),
    );
  });
});
