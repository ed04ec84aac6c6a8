/**
 * New user, and Edit user: login (new only), name, e-mail address, role, the permissions besides
 * the role, and for a new user how they sign in (a password, or single sign-on only). An edit is
 * saved against the version it began from; a 409 gives way to the user as another administrator
 * saved it. While the dialog holds edits, the unsaved-changes lock is held.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  ROLE_LABELS,
  USER_PERMISSION_LABELS,
  USER_PERMISSIONS,
  type UserSummary,
} from '@manway/core/api/users';
import { ROLES, type Role } from '@manway/core/roles';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { DISCARD_CHANGES_CONFIRM } from '../../../shell/unsaved/discardConfirm';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { Checkbox } from '../../../ui/controls/Checkbox';
import { TextField } from '../../../ui/fields/TextField';
import { FieldFrame } from '../../../ui/form/FieldFrame';
import { SelectField } from '../../../ui/form/SelectField';
import { BoundedModal } from '../../../ui/modal/Modal';
import { useCreateUserMutation } from '../api/createUser';
import { useUpdateUserMutation } from '../api/updateUser';
import {
  checkNewUser,
  checkUpdate,
  isFailure,
  NEW_USER_VALUES,
  newUserBody,
  sameValues,
  serverFieldErrors,
  updateBody,
  valuesOf,
  type FieldErrors,
  type UserFormValues,
} from './userForm';

export const USER_CONFLICT_TEXT = 'Another administrator changed this user. It has been reloaded.';
export const USER_DIALOG_LOCK = 'user-dialog';
export const ADMINISTRATOR_HINT = 'Administrators open every edition, whatever is ticked here.';

const ROLE_OPTIONS = ROLES.map((role) => ({ id: role, value: ROLE_LABELS[role] }));

/** Edits under way, and the user as read when they began: its version is the one saved against. */
interface Draft {
  values: UserFormValues;
  base: UserSummary | null;
}

export function UserDialog({ user, onClose }: { user: UserSummary | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const ids = { form: useId(), signIn: useId() };
  const [create, creating] = useCreateUserMutation();
  const [update, updating] = useUpdateUserMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [conflict, setConflict] = useState(false);
  const editing = user !== null;
  // An edit shows the user as the list has it now until something is typed.
  const initial = user ? valuesOf(user) : NEW_USER_VALUES;
  const values = draft?.values ?? initial;
  const dirty = draft !== null;
  const ownErrors = editing ? checkUpdate(values) : checkNewUser(values);
  const errors: FieldErrors = { ...ownErrors, ...serverErrors };
  const busy = creating.isLoading || updating.isLoading;

  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(USER_DIALOG_LOCK));
    return () => {
      dispatch(releaseLock(USER_DIALOG_LOCK));
    };
  }, [dirty, dispatch]);

  const change = (next: Partial<UserFormValues>) => {
    setConflict(false);
    setServerErrors((current) => {
      const left = { ...current };
      for (const key of Object.keys(next)) delete left[key as keyof FieldErrors];
      delete left.form;
      return left;
    });
    setDraft((current) => {
      const base = current ? current.base : user;
      const edited = { ...(current?.values ?? initial), ...next };
      // Back to what was read: nothing left to save.
      return sameValues(edited, base ? valuesOf(base) : NEW_USER_VALUES) ? null : { values: edited, base };
    });
  };

  const dismiss = async () => {
    if (dirty && !(await dispatch(confirm(DISCARD_CHANGES_CONFIRM)))) return;
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(ownErrors).length > 0) return;
    try {
      if (user) {
        const base = draft?.base ?? user;
        const saved = await update({ id: user.id, update: updateBody(values, base.version) }).unwrap();
        dispatch(showNotification({ type: 'success', title: `${saved.login} saved` }));
      } else {
        const created = await create(newUserBody(values)).unwrap();
        dispatch(showNotification({ type: 'success', title: `User ${created.login} created` }));
      }
      setDraft(null);
      onClose();
    } catch (error) {
      if (!isFailure(error)) return;
      if (error.status === 409) {
        // The list is read again (the save invalidates it); what was typed gives way to it.
        setDraft(null);
        setAttempted(false);
        setConflict(true);
        return;
      }
      const found = serverFieldErrors(error);
      if (found) setServerErrors(found);
      // Anything else has been told by the global handling; the edits stay for another try.
    }
  };

  const setRole = (role: Role) => change({ role });

  return (
    <BoundedModal
      title={user ? `Edit user ${user.login}` : 'New user'}
      onDismiss={() => void dismiss()}
      maxWidth="36rem"
      className="mw-user-dialog"
      footer={
        <>
          <Button onClick={() => void dismiss()}>Cancel</Button>
          <Button type="submit" form={ids.form} variant="primary" disabled={busy || (editing && !dirty)}>
            {busy ? 'Saving…' : editing ? 'Save' : 'Create user'}
          </Button>
        </>
      }
    >
      <form id={ids.form} className="mw-user-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        {conflict && (
          <p className="mw-user-dialog__message" role="alert">
            {USER_CONFLICT_TEXT}
          </p>
        )}
        {!editing && (
          <TextField
            label="Login"
            value={values.login}
            onChange={(login) => change({ login })}
            rules={{ required: true, maxLength: 200 }}
            autoComplete="off"
            hint="Letters, digits and . _ @ -; unique in any case."
            error={errors.login}
            showError={attempted || Boolean(serverErrors.login)}
          />
        )}
        <TextField
          label="Display name"
          value={values.displayName}
          onChange={(displayName) => change({ displayName })}
          rules={{ required: true, maxLength: 200 }}
          autoComplete="off"
          error={errors.displayName}
          showError={attempted || Boolean(serverErrors.displayName)}
        />
        <TextField
          label="E-mail"
          value={values.email}
          onChange={(email) => change({ email })}
          rules={{ maxLength: 320 }}
          autoComplete="off"
          error={errors.email}
          showError={attempted || Boolean(serverErrors.email)}
        />
        <SelectField
          label="Role"
          required
          options={ROLE_OPTIONS}
          value={values.role}
          onChange={(id) => {
            const role = ROLES.find((r) => r === id);
            if (role) setRole(role);
          }}
          error={errors.role}
          showError={attempted || Boolean(serverErrors.role)}
        />
        <fieldset className="mw-user-dialog__group">
          <legend className="mw-field__label">Permissions</legend>
          <div className="mw-user-dialog__permissions">
            {USER_PERMISSIONS.map((permission) => (
              <Checkbox
                key={permission}
                label={USER_PERMISSION_LABELS[permission]}
                checked={values[permission]}
                onChange={(checked) => change({ [permission]: checked })}
              />
            ))}
          </div>
          <p className="mw-field__hint">
            {values.role === 'administrator'
              ? ADMINISTRATOR_HINT
              : 'Office and Inspect open those editions; WebSync the sync console; Review accepts inspections.'}
          </p>
        </fieldset>
        {!editing && (
          <fieldset className="mw-user-dialog__group">
            <legend className="mw-field__label">Sign-in</legend>
            <label className="mw-user-dialog__choice">
              <input
                type="radio"
                name={ids.signIn}
                checked={values.signIn === 'password'}
                onChange={() => change({ signIn: 'password' })}
              />
              Password
            </label>
            <label className="mw-user-dialog__choice">
              <input
                type="radio"
                name={ids.signIn}
                checked={values.signIn === 'single-sign-on'}
                onChange={() => change({ signIn: 'single-sign-on', password: '' })}
              />
              Single sign-on only
            </label>
          </fieldset>
        )}
        {!editing && values.signIn === 'password' && (
          <PasswordInput
            value={values.password}
            onChange={(password) => change({ password })}
            error={errors.password}
            showError={attempted || Boolean(serverErrors.password)}
          />
        )}
        {errors.form && (
          <p className="mw-user-dialog__message" role="alert">
            {errors.form}
          </p>
        )}
      </form>
    </BoundedModal>
  );
}

/** A password box: typed characters stay hidden, and the browser may offer a generated one. */
export function PasswordInput({
  value,
  onChange,
  error,
  showError,
  label = 'Password',
  hint = `At least ${PASSWORD_MIN_LENGTH} characters.`,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  showError: boolean;
  label?: string;
  hint?: string;
}) {
  return (
    <FieldFrame label={label} required hint={hint} error={error} showError={showError}>
      {(control) => (
        <input
          {...control}
          type="password"
          className="mw-field__input"
          autoComplete="new-password"
          maxLength={200}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
