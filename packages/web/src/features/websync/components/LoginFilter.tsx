import type { SyncUser } from '@manway/core/api/websync';

/** The Login select of the log and schedule filter panels: empty means every login. */
export function LoginFilter({
  users,
  value,
  onChange,
}: {
  users: readonly SyncUser[];
  value: string | undefined;
  onChange: (login: string | undefined) => void;
}) {
  return (
    <label className="mw-ws-field">
      <span>Login</span>
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="" />
        {users.map((u) => (
          <option key={u.id} value={u.login}>
            {u.login}
          </option>
        ))}
      </select>
    </label>
  );
}
