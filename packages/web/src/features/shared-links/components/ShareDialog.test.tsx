import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreateSharedLink } from '@manway/core/api/shared-links';
import { FakeServer } from '../../../testing/fakeServer';
import { generalSettings } from '../../../testing/fixtures';
import { renderEdition } from '../../../testing/renderEdition';
import { bodyOf, sharedLink, TOKEN } from './sharedLinkFixtures';
import { ShareButton } from './ShareButton';

const NODE: CreateSharedLink['target'] = { kind: 'object', objectType: 'Node', objectId: 1023 };

function shareServer(isGuest = false) {
  return new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings({ isGuest }) })
    .on('POST', '/api/shared-links', (call) => {
      const body = bodyOf(call) as { title: string; validityDays: number | null };
      return {
        status: 201,
        json: sharedLink({
          title: body.title,
          expiresAt: body.validityDays === null ? null : '2026-03-09T09:30:00.000Z',
        }),
      };
    });
}

async function open(server: FakeServer) {
  const user = userEvent.setup();
  await renderEdition({
    server,
    home: <ShareButton target={NODE} defaultTitle="Node MH-1023" subject="A link to Node MH-1023." />,
  });
  return user;
}

describe('Share', () => {
  it('makes a link valid for the days chosen and shows its address, which Copy puts on the clipboard', async () => {
    const server = shareServer();
    const user = await open(server);
    await user.click(await screen.findByRole('button', { name: 'Share…' }));
    const dialog = screen.getByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByText('A link to Node MH-1023.')).toBeInTheDocument();
    // 1, 7, 30, 90 days or always; 7 to begin with.
    const choices = within(dialog).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')!.textContent)).toEqual([
      '1 day',
      '7 days',
      '30 days',
      '90 days',
      'Always valid',
    ]);
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Title' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Manhole to check');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const url = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect(url).toHaveValue(`${window.location.origin}/office/shared/${TOKEN}`);
    expect(bodyOf(server.callsTo('POST', '/api/shared-links')[0]!)).toEqual({
      target: NODE,
      title: 'Manhole to check',
      validityDays: 30,
    });
    expect(within(dialog).getByText(/Valid until/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Link copied.')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/office/shared/${TOKEN}`);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Always valid' sends no validity, and the link says it is always valid", async () => {
    const server = shareServer();
    const user = await open(server);
    await user.click(await screen.findByRole('button', { name: 'Share…' }));
    await user.click(screen.getByRole('radio', { name: 'Always valid' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Always valid')).toBeInTheDocument();
    expect(bodyOf(server.callsTo('POST', '/api/shared-links')[0]!)).toMatchObject({ validityDays: null });
  });

  it('a refusal is shown in the dialog, at its field or under the form', async () => {
    const server = shareServer().on('POST', '/api/shared-links', {
      status: 400,
      json: {
        Message: 'The request is invalid.',
        ModelState: { 'target.objectId': ['There is no Node 1023.'], title: ['Too long.'] },
      },
    });
    const user = await open(server);
    await user.click(await screen.findByRole('button', { name: 'Share…' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no Node 1023.');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Too long.');
    // Told in the dialog only, not again as a notification.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('an empty title is refused before anything is sent', async () => {
    const server = shareServer();
    const user = await open(server);
    await user.click(await screen.findByRole('button', { name: 'Share…' }));
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Enter a title.');
    expect(server.callsTo('POST', '/api/shared-links')).toHaveLength(0);
  });

  it('guests, who may open links but not make them, are not offered Share', async () => {
    await open(shareServer(true));
    expect(screen.queryByRole('button', { name: 'Share…' })).not.toBeInTheDocument();
  });
});
