/** Links and a fake shared-links service for the shared-links feature's tests. */
import type { SharedLink } from '@manway/core/api/shared-links';
import type { RecordedCall } from '../../../testing/fakeServer';

export const TOKEN = 'Qm9yZWFsaXMtc2hhcmVkLWxpbmstdG9rZW4tMDAwMDE';
export const OTHER_TOKEN = 'T3RoZXItc2hhcmVkLWxpbmstdG9rZW4tMDAwMDAwMDE';

export function sharedLink(over: Partial<SharedLink> = {}): SharedLink {
  return {
    id: '6a1f0e7c-3b2d-4c5e-8f90-1a2b3c4d5e6f',
    title: 'Node MH-1023',
    subject: { kind: 'object', objectType: 'Node', objectId: 1023 },
    owner: { id: '00000000-0000-4000-8000-000000000001', login: 'jdoe', displayName: 'Jane Doe' },
    token: TOKEN,
    path: `/office/shared/${TOKEN}`,
    createdAt: '2026-03-02T09:30:00.000Z',
    expiresAt: '2026-03-09T09:30:00.000Z',
    revokedAt: null,
    status: 'active',
    ...over,
  };
}

export const bodyOf = (call: RecordedCall): unknown => JSON.parse(String(call.body));
