/**
 * The settings edition's Users page (issue #21): every user with their role, permissions, how they
 * sign in, their last sign-in and whether they are disabled, searchable; and the means to create,
 * edit, set a password for, disable, enable and delete them. Disabling signs the user out at once and
 * frees their seats; a user whose name is on recorded work cannot be deleted, only disabled.
 */
import { useState } from 'react';
import { ROLE_LABELS, USER_PERMISSION_LABELS, USER_PERMISSIONS, type UserSummary } from '@manway/core/api/users';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { Button } from '../../../ui/controls/Button';
import { DropdownMenu } from '../../../ui/controls/DropdownMenu';
import { DateTimeText } from '../../../ui/date-time/DateTimeText';
import { SearchBox } from '../../../ui/search-box/SearchBox';
import { LoadingStatus } from '../../../ui/Spinner';
import { useDeleteUserMutation } from '../api/deleteUser';
import { useSetUserDisabledMutation } from '../api/setDisabled';
import { useGetUsersQuery } from '../api/users';
import { PasswordDialog } from './PasswordDialog';
import { UserDialog } from './UserDialog';
import { refusalMessage } from './userForm';
import '../../../ui/table/table.css';
import './UsersPage.css';

export const NO_USERS_TEXT = 'No users match the search.';
export const NEVER_SIGNED_IN = 'Never';

type Dialog = { kind: 'new' } | { kind: 'edit'; id: string } | { kind: 'password'; id: string };

/** How the user signs in, under their login. */
function signInText(user: UserSummary): string {
  if (user.hasPassword && user.singleSignOn) return 'Password or single sign-on';
  if (user.hasPassword) return 'Password';
  return 'Single sign-on';
}

export function UsersPage() {
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const users = useGetUsersQuery(search, { refetchOnMountOrArgChange: true });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [setDisabled] = useSetUserDisabledMutation();
  const [deleteUser] = useDeleteUserMutation();
  // A dialog shows the user as the list has it now: after a 409 the list read again is what it edits.
  const dialogUser = dialog && dialog.kind !== 'new' ? users.data?.find((u) => u.id === dialog.id) : undefined;

  const toggleDisabled = async (user: UserSummary) => {
    setMessage(null);
    const disabling = !user.disabled;
    const proceed = await dispatch(
      confirm(
        disabling
          ? {
              type: 'normal',
              title: `Disable ${user.displayName}?`,
              text: `${user.displayName} (${user.login}) is signed out at once, loses any seat they hold and cannot sign in until enabled again.`,
              proceedButtonText: 'Disable',
              cancelButtonText: 'Cancel',
            }
          : {
              type: 'normal',
              title: `Enable ${user.displayName}?`,
              text: `${user.displayName} (${user.login}) may sign in again.`,
              proceedButtonText: 'Enable',
              cancelButtonText: 'Cancel',
            },
      ),
    );
    if (!proceed) return;
    try {
      await setDisabled({ id: user.id, disabled: disabling }).unwrap();
      dispatch(showNotification({ type: 'success', title: `${user.login} ${disabling ? 'disabled' : 'enabled'}` }));
    } catch {
      // A refusal (their own account, the last administrator) has been told by the global handling.
    }
  };

  const remove = async (user: UserSummary) => {
    setMessage(null);
    const proceed = await dispatch(
      confirm({
        type: 'normal',
        title: `Delete ${user.displayName}?`,
        text: `${user.displayName} (${user.login}) is deleted for good. A user whose name is on recorded work cannot be deleted: disable them instead.`,
        proceedButtonText: 'Delete',
        cancelButtonText: 'Cancel',
      }),
    );
    if (!proceed) return;
    try {
      await deleteUser({ id: user.id }).unwrap();
      dispatch(showNotification({ type: 'success', title: `${user.login} deleted` }));
    } catch (error) {
      // The global handling shows nothing for a 409: its reason is said here.
      setMessage(refusalMessage(error));
    }
  };

  return (
    <div className="mw-users">
      <div className="mw-users__header">
        <h1 className="mw-users__title">Users</h1>
        <div className="mw-users__header-actions">
          <Button onClick={() => void users.refetch()}>Refresh</Button>
          <Button
            variant="primary"
            onClick={() => {
              setMessage(null);
              setDialog({ kind: 'new' });
            }}
          >
            New user
          </Button>
        </div>
      </div>
      <p className="mw-page__lead">
        Who may sign in, with which role and permissions. Office and Inspect open those editions; disabling a user signs
        them out at once and frees their seats.
      </p>

      <SearchBox
        label="Search users"
        placeholder="Search by login, name or e-mail"
        value={search}
        onSearch={setSearch}
        className="mw-users__search"
      />

      {message && (
        <p className="mw-users__message" role="alert">
          {message}
        </p>
      )}

      {users.data ? (
        users.data.length === 0 ? (
          <p className="mw-empty-state">{NO_USERS_TEXT}</p>
        ) : (
          <div className="mw-table-wrap">
            <table className="mw-table mw-users__table" aria-label="Users">
              <thead>
                <tr>
                  <th scope="col">Login</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">Permissions</th>
                  <th scope="col">Last sign-in</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="mw-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    onEdit={() => {
                      setMessage(null);
                      setDialog({ kind: 'edit', id: user.id });
                    }}
                    onSetPassword={() => {
                      setMessage(null);
                      setDialog({ kind: 'password', id: user.id });
                    }}
                    onToggleDisabled={() => void toggleDisabled(user)}
                    onDelete={() => void remove(user)}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : users.isError ? (
        <p role="alert">The users could not be loaded. Please try refreshing the page.</p>
      ) : (
        <LoadingStatus className="mw-page-loading" />
      )}

      {dialog?.kind === 'new' && <UserDialog user={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && dialogUser && <UserDialog user={dialogUser} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'password' && dialogUser && (
        <PasswordDialog user={dialogUser} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}

function UserRow({
  user,
  onEdit,
  onSetPassword,
  onToggleDisabled,
  onDelete,
}: {
  user: UserSummary;
  onEdit: () => void;
  onSetPassword: () => void;
  onToggleDisabled: () => void;
  onDelete: () => void;
}) {
  const granted = USER_PERMISSIONS.filter((permission) => user[permission]);
  return (
    <tr className={user.disabled ? 'mw-users__row--disabled' : undefined}>
      <td>
        <span className="mw-users__login">{user.login}</span>
        <span className="mw-users__signin">{signInText(user)}</span>
      </td>
      <td>
        <span className="mw-users__name">{user.displayName}</span>
        {user.email && <span className="mw-users__email">{user.email}</span>}
      </td>
      <td>{ROLE_LABELS[user.role]}</td>
      <td>
        {granted.length > 0 ? (
          <ul className="mw-users__chips" aria-label={`Permissions of ${user.login}`}>
            {granted.map((permission) => (
              <li key={permission} className={`mw-users__chip mw-users__chip--${permission}`}>
                {USER_PERMISSION_LABELS[permission]}
              </li>
            ))}
          </ul>
        ) : (
          <span className="mw-users__muted">None</span>
        )}
      </td>
      <td>
        {user.lastSignIn ? (
          <DateTimeText value={user.lastSignIn} />
        ) : (
          <span className="mw-users__muted">{NEVER_SIGNED_IN}</span>
        )}
      </td>
      <td>
        <span className={`mw-users__status mw-users__status--${user.disabled ? 'disabled' : 'enabled'}`}>
          {user.disabled ? 'Disabled' : 'Enabled'}
        </span>
      </td>
      <td>
        <div className="mw-users__actions">
          <Button aria-label={`Edit ${user.login}`} onClick={onEdit}>
            Edit
          </Button>
          <DropdownMenu
            trigger="More"
            triggerLabel={`More actions for ${user.login}`}
            align="end"
            items={[
              { id: 'password', label: 'Set password…', onSelect: onSetPassword },
              { id: 'disable', label: user.disabled ? 'Enable' : 'Disable', onSelect: onToggleDisabled },
              { id: 'delete', label: 'Delete…', onSelect: onDelete },
            ]}
          />
        </div>
      </td>
    </tr>
  );
}
