import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Licence, LicenceApplication, SeatInUse, ServerInstances } from '@manway/core/api/licensing';
import { APPLICATION_EDITION_HEADER } from '@manway/core/editions';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { CONFLICT_TEXT, LicencesPage, NOT_SEATED_TEXT } from './LicencesPage';
import { INSTANCES_CONFLICT_TEXT } from './ServerInstancesSection';

const DAY_MS = 86_400_000;
/** A day `days` from now, as the licence's 'YYYY-MM-DD'. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

function licence(application: LicenceApplication, name: string, overrides: Partial<Licence> = {}): Licence {
  return {
    application,
    name,
    seated: true,
    seats: 10,
    inUse: 0,
    expiresAt: null,
    expired: false,
    version: 1,
    ...overrides,
  };
}

const LICENCES: Licence[] = [
  licence('web-office', 'Office', { seats: 10, inUse: 2, version: 3 }),
  licence('web-office-editing', 'Office editing', { seats: 2, inUse: 0 }),
  // Expiring at the start of the UTC day 11 days on: "in 11 days" at any hour of the test run.
  licence('web-inspect', 'Inspect', { seats: 5, inUse: 1, expiresAt: dayFromNow(11) }),
  licence('web-websync', 'WebSync', { seats: 3, expiresAt: '2024-01-31', expired: true }),
  licence('web-settings', 'Settings', { seated: false, seats: 0 }),
];

function seat(token: string, login: string, displayName: string, application: LicenceApplication): SeatInUse {
  return {
    token,
    application,
    user: { id: `00000000-0000-4000-8000-00000000000${token.slice(-1)}`, login, displayName },
    since: '2025-03-03T08:15:00Z',
    lastActivity: '2025-03-03T09:40:00Z',
  };
}

const JDOE = seat('11111111-1111-4111-8111-111111111111', 'jdoe', 'Jane Doe', 'web-office');
const MROE = seat('22222222-2222-4222-8222-222222222222', 'mroe', 'Mark Roe', 'web-office');

/** A server whose licences and seats change as the calls to it would change them. */
function licencesServer() {
  let licences = LICENCES;
  let seats: SeatInUse[] = [JDOE, MROE];
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/licences', () => ({ json: licences }))
    .on('GET', '/api/server-instances', { json: { limit: null, version: 1, instances: [] } })
    .on('GET', '/session-api/seats', (call: RecordedCall) => ({
      json: seats.filter((s) => s.application === call.headers.get(APPLICATION_EDITION_HEADER)),
    }));
  for (const s of seats) {
    server.on('DELETE', `/session-api/seats/${s.token}`, () => {
      seats = seats.filter((other) => other.token !== s.token);
      licences = licences.map((l) => (l.application === s.application ? { ...l, inUse: l.inUse - 1 } : l));
      return { status: 204 };
    });
  }
  const changeLicence = (application: LicenceApplication, change: Partial<Licence>) => {
    licences = licences.map((l) => (l.application === application ? { ...l, ...change } : l));
  };
  return { server, changeLicence };
}

async function open(server: FakeServer) {
  return renderEdition({
    server,
    edition: 'web-settings',
    path: '/licences',
    pages: [{ path: 'licences', label: 'Licences', element: <LicencesPage /> }],
  });
}

const card = (name: string) => screen.getByRole('region', { name });
const bodyOf = (call: RecordedCall | undefined) => JSON.parse(String(call?.body)) as unknown;

describe('the licences page', () => {
  it('lists every licence with its seats in use, and the seats of the first seated application', async () => {
    const { server } = licencesServer();
    await open(server);

    expect(screen.getByRole('heading', { level: 1, name: 'Licences' })).toBeInTheDocument();
    const office = await screen.findByRole('region', { name: 'Office' });
    expect(within(office).getByText(/of 10 seats in use/)).toHaveTextContent('2 of 10 seats in use');
    const bar = within(office).getByRole('progressbar', { name: 'Seats in use for Office' });
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('max', '10');
    expect(within(office).getByRole('textbox', { name: 'Seat limit' })).toHaveValue('10');
    expect(within(office).getByLabelText('Expires on')).toHaveValue('');
    expect(within(office).getByRole('button', { name: 'Save' })).toBeDisabled();

    const settings = card('Settings');
    expect(within(settings).getByText(NOT_SEATED_TEXT)).toBeInTheDocument();
    expect(within(settings).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(settings).queryByRole('textbox', { name: 'Seat limit' })).not.toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Seats in use for Office' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Jane Doe jdoe'),
      expect.stringContaining('Mark Roe mroe'),
    ]);
    // Since and last activity in the project's date-time display (en-US in tests, local time).
    expect(rows[0]!.querySelectorAll('time')).toHaveLength(2);
    expect(server.callsTo('GET', '/session-api/seats')[0]?.headers.get(APPLICATION_EDITION_HEADER)).toBe('web-office');
  });

  it('an expired licence says Expired; one expiring within the warning days says in how many', async () => {
    const { server } = licencesServer();
    await open(server);

    expect(await within(await screen.findByRole('region', { name: 'WebSync' })).findByText('Expired')).toBeVisible();
    expect(within(card('Inspect')).getByText('Expires in 11 days')).toBeInTheDocument();
    expect(within(card('Office')).queryByText(/^(Expired|Expires in)/)).not.toBeInTheDocument();
  });

  it('saving a changed limit sends the seats, the expiry and the version read, holding the unsaved lock meanwhile', async () => {
    const user = userEvent.setup();
    const { server, changeLicence } = licencesServer();
    server.on('PUT', '/api/licences/web-office', (call) => {
      const sent = bodyOf(call) as Licence;
      changeLicence('web-office', { seats: sent.seats, expiresAt: sent.expiresAt, version: 4 });
      return { json: { ...LICENCES[0], seats: sent.seats, expiresAt: sent.expiresAt, version: 4 } };
    });
    const { store } = await open(server);
    const office = await screen.findByRole('region', { name: 'Office' });
    const save = within(office).getByRole('button', { name: 'Save' });

    await user.clear(within(office).getByRole('textbox', { name: 'Seat limit' }));
    await user.type(within(office).getByRole('textbox', { name: 'Seat limit' }), '25');
    await user.type(within(office).getByLabelText('Expires on'), '2031-12-31');

    expect(save).toBeEnabled();
    expect(store.getState().unsaved.locks).toEqual(['licence:web-office']);
    // The other licences have nothing to save.
    expect(within(card('Inspect')).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(save);

    await waitFor(() => expect(server.callsTo('PUT', '/api/licences/web-office')).toHaveLength(1));
    expect(bodyOf(server.callsTo('PUT', '/api/licences/web-office')[0])).toEqual({
      seats: 25,
      expiresAt: '2031-12-31',
      version: 3,
    });
    await waitFor(() => expect(save).toBeDisabled());
    expect(within(office).getByRole('textbox', { name: 'Seat limit' })).toHaveValue('25');
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('a limit changed back to what was read leaves nothing to save', async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    const { store } = await open(server);
    const office = await screen.findByRole('region', { name: 'Office' });
    const limit = within(office).getByRole('textbox', { name: 'Seat limit' });

    await user.type(limit, '0');
    expect(within(office).getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.type(limit, '{Backspace}');

    expect(within(office).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(store.getState().unsaved.locks).toEqual([]);
  });

  it('a licence changed by another administrator meanwhile says so and is read again', async () => {
    const user = userEvent.setup();
    const { server, changeLicence } = licencesServer();
    server.on('PUT', '/api/licences/web-inspect', () => {
      changeLicence('web-inspect', { seats: 12, version: 2 });
      return { status: 409, json: { code: 'concurrency/modified-by-another-user' } };
    });
    const { store } = await open(server);
    const inspect = await screen.findByRole('region', { name: 'Inspect' });

    await user.clear(within(inspect).getByRole('textbox', { name: 'Seat limit' }));
    await user.type(within(inspect).getByRole('textbox', { name: 'Seat limit' }), '8');
    await user.click(within(inspect).getByRole('button', { name: 'Save' }));

    expect(await within(inspect).findByRole('alert')).toHaveTextContent(CONFLICT_TEXT);
    await waitFor(() => expect(within(inspect).getByRole('textbox', { name: 'Seat limit' })).toHaveValue('12'));
    expect(server.callsTo('GET', '/api/licences').length).toBeGreaterThanOrEqual(2);
    expect(bodyOf(server.callsTo('PUT', '/api/licences/web-inspect')[0])).toMatchObject({ seats: 8, version: 1 });
    expect(store.getState().unsaved.locks).toEqual([]);
    expect(store.getState().notifications.items).toEqual([]);
  });

  it("a field the server refuses shows the server's message at the field", async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    server.on('PUT', '/api/licences/web-settings', {
      status: 400,
      json: { Message: 'The request is invalid.', ModelState: { expiresAt: ['Invalid date'] } },
    });
    await open(server);
    const settings = await screen.findByRole('region', { name: 'Settings' });

    await user.type(within(settings).getByLabelText('Expires on'), '2030-01-01');
    await user.click(within(settings).getByRole('button', { name: 'Save' }));

    expect(await within(settings).findByText('Invalid date')).toBeInTheDocument();
    expect(within(settings).getByLabelText('Expires on')).toHaveAccessibleDescription(/Invalid date/);
    // A licence without seats keeps its seat limit as read.
    expect(bodyOf(server.callsTo('PUT', '/api/licences/web-settings')[0])).toEqual({
      seats: 0,
      expiresAt: '2030-01-01',
      version: 1,
    });
  });

  it('Free seat asks first, then frees the seat by its token and reads the seats and licences again', async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    await open(server);
    const table = await screen.findByRole('table', { name: 'Seats in use for Office' });
    const licenceReads = server.callsTo('GET', '/api/licences').length;

    await user.click(within(table).getByRole('button', { name: 'Free seat of jdoe' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Free the seat of Jane Doe?' });
    expect(server.callsTo('DELETE', `/session-api/seats/${JDOE.token}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Free seat' }));

    await waitFor(() => expect(within(table).queryByText('Jane Doe')).not.toBeInTheDocument());
    expect(server.callsTo('DELETE', `/session-api/seats/${JDOE.token}`)).toHaveLength(1);
    expect(within(table).getByText('Mark Roe')).toBeInTheDocument();
    await waitFor(() => expect(within(card('Office')).getByText(/of 10 seats in use/)).toHaveTextContent('1 of 10'));
    expect(server.callsTo('GET', '/api/licences').length).toBeGreaterThan(licenceReads);
  });

  it('cancelling Free seat frees nothing', async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    await open(server);
    const table = await screen.findByRole('table', { name: 'Seats in use for Office' });

    await user.click(within(table).getByRole('button', { name: 'Free seat of mroe' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'DELETE')).toEqual([]);
  });

  it("another application's seats are listed by naming it in the application header; none: 'No seats in use'", async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    await open(server);
    await screen.findByRole('table', { name: 'Seats in use for Office' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Application' }), 'Office editing');

    expect(await screen.findByText('No seats in use')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Seats in use/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET', '/session-api/seats').at(-1)?.headers.get(APPLICATION_EDITION_HEADER)).toBe(
      'web-office-editing',
    );
    // Settings takes no seats, so it has none to list.
    expect(within(screen.getByRole('combobox', { name: 'Application' })).queryByText('Settings')).toBeNull();
  });

  it('Refresh reads the licences and the seats again', async () => {
    const user = userEvent.setup();
    const { server } = licencesServer();
    await open(server);
    await screen.findByRole('table', { name: 'Seats in use for Office' });
    const before = [server.callsTo('GET', '/api/licences').length, server.callsTo('GET', '/session-api/seats').length];

    await user.click(screen.getByRole('button', { name: 'Refresh' }));

    await waitFor(() =>
      expect([
        server.callsTo('GET', '/api/licences').length,
        server.callsTo('GET', '/session-api/seats').length,
      ]).toEqual([before[0]! + 1, before[1]! + 1]),
    );
  });

  describe('server instances', () => {
    const instances = (limit: number | null, version = 3): ServerInstances => ({
      limit,
      version,
      instances: [
        {
          id: '33333333-3333-4333-8333-333333333331',
          host: 'app-1',
          pid: 101,
          startedAt: '2025-03-03T07:00:00Z',
          lastSeen: '2025-03-03T09:40:00Z',
          withinLimit: true,
          current: true,
        },
        {
          id: '33333333-3333-4333-8333-333333333332',
          host: 'app-2',
          pid: 202,
          startedAt: '2025-03-03T08:00:00Z',
          lastSeen: '2025-03-03T09:40:00Z',
          withinLimit: limit === null || limit > 1,
          current: false,
        },
      ],
    });

    it('lists the running instances and which serve; a limit is saved with the version read', async () => {
      const user = userEvent.setup();
      const { server } = licencesServer();
      let current = instances(null);
      server
        .on('GET', '/api/server-instances', () => ({ json: current }))
        .on('PUT', '/api/server-instances/limit', () => {
          current = instances(1, 4);
          return { json: current };
        });
      await open(server);
      const table = await screen.findByRole('table', { name: 'Server instances running' });
      expect(within(table).getAllByText('Serving')).toHaveLength(2);
      expect(within(table).getByText(/this one/)).toBeInTheDocument();

      await user.type(screen.getByRole('textbox', { name: 'Instance limit' }), '1');
      await user.click(
        within(screen.getByRole('region', { name: 'Server instances' })).getByRole('button', { name: 'Save' }),
      );

      await waitFor(() => expect(within(table).getByText('Past the limit: serves no pages')).toBeInTheDocument());
      expect(bodyOf(server.callsTo('PUT', '/api/server-instances/limit')[0])).toEqual({ limit: 1, version: 3 });
    });

    it('a limit changed meanwhile says so and shows it again', async () => {
      const user = userEvent.setup();
      const { server } = licencesServer();
      server.on('GET', '/api/server-instances', { json: instances(2) }).on('PUT', '/api/server-instances/limit', {
        status: 409,
        json: { code: 'concurrency/modified-by-another-user', message: 'changed' },
      });
      await open(server);
      const field = await screen.findByRole('textbox', { name: 'Instance limit' });
      await user.clear(field);
      await user.type(field, '5');
      await user.click(
        within(screen.getByRole('region', { name: 'Server instances' })).getByRole('button', { name: 'Save' }),
      );
      expect(await screen.findByText(INSTANCES_CONFLICT_TEXT)).toBeInTheDocument();
      expect(field).toHaveValue('2');
    });
  });
});
