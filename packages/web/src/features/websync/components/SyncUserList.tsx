import { LoadingStatus } from '../../../ui/Spinner';
import { useSyncUsersQuery } from '../api/syncUsers';

export const USERS_CAPTION = 'Only users with assigned WebSync permissions are displayed in the list';

/** The sync users on the left of the user settings page; a click or Enter chooses one. */
export function SyncUserList({ selectedId, onChoose }: { selectedId: string | null; onChoose: (id: string) => void }) {
  const { data, isError } = useSyncUsersQuery(undefined, { refetchOnMountOrArgChange: true });
  // A failed load lists nobody; it is recorded in the request state only (spec section 8).
  const users = isError ? [] : data;

  return (
    <section className="mw-ws-panel mw-ws-users" aria-label="Sync users">
      <table className="mw-ws-users__table">
        <caption>{USERS_CAPTION}</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Organization</th>
            <th scope="col">Login</th>
          </tr>
        </thead>
        <tbody>
          {users === undefined ? (
            <tr>
              <td colSpan={3}>
                <LoadingStatus />
              </td>
            </tr>
          ) : users.length === 0 ? (
            <tr>
              <td colSpan={3}>No results</td>
            </tr>
          ) : (
            users.map((u) => (
              <tr
                key={u.id}
                aria-selected={u.id === selectedId}
                tabIndex={0}
                className={u.id === selectedId ? 'mw-ws-users__row--selected' : undefined}
                onClick={() => onChoose(u.id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onChoose(u.id);
                  }
                }}
              >
                <td>{u.userName}</td>
                <td>{u.organization}</td>
                <td>{u.login}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
