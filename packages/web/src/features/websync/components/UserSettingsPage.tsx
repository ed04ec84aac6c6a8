import { useState } from 'react';
import { SyncUserList } from './SyncUserList';
import { UserSettingsPanel } from './UserSettingsPanel';
import './websync.css';

export { USERS_CAPTION } from './SyncUserList';

/**
 * The user settings page (websync spec, "User settings page"): the sync users on the left, the
 * chosen user's four sections on the right.
 */
export function UserSettingsPage() {
  const [userId, setUserId] = useState<string | null>(null);
  return (
    <section className="mw-ws-page" aria-labelledby="ws-users-title">
      <h1 id="ws-users-title">User settings</h1>
      <div className="mw-ws-columns">
        <SyncUserList selectedId={userId} onChoose={setUserId} />
        <UserSettingsPanel userId={userId} />
      </div>
    </section>
  );
}
