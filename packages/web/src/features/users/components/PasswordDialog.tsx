/**
 * Set password: a new password for the user, typed twice. Saving signs the user out everywhere,
 * which the dialog says before it is done.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { UserSummary } from '@manway/core/api/users';
import { confirm } from '../../../shell/confirm/confirm';
import { showNotification } from '../../../shell/notifications/notificationsSlice';
import { useAppDispatch } from '../../../shell/store/hooks';
import { DISCARD_CHANGES_CONFIRM } from '../../../shell/unsaved/discardConfirm';
import { acquireLock, releaseLock } from '../../../shell/unsaved/unsavedSlice';
import { Button } from '../../../ui/controls/Button';
import { BoundedModal } from '../../../ui/modal/Modal';
import { useSetUserPasswordMutation } from '../api/setPassword';
import { PasswordInput } from './UserDialog';
import { checkPassword, serverFieldErrors } from './userForm';

export const PASSWORD_DIALOG_LOCK = 'user-password-dialog';
export const PASSWORDS_DIFFER = 'The two passwords differ.';

export function PasswordDialog({ user, onClose }: { user: UserSummary; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const formId = useId();
  const [setPassword, saving] = useSetUserPasswordMutation();
  const [password, setPasswordText] = useState('');
  const [repeated, setRepeated] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const dirty = password !== '' || repeated !== '';
  const ownError = checkPassword(password).password ?? null;
  const repeatError = repeated !== password ? PASSWORDS_DIFFER : null;

  useEffect(() => {
    if (!dirty) return;
    dispatch(acquireLock(PASSWORD_DIALOG_LOCK));
    return () => {
      dispatch(releaseLock(PASSWORD_DIALOG_LOCK));
    };
  }, [dirty, dispatch]);

  const dismiss = async () => {
    if (dirty && !(await dispatch(confirm(DISCARD_CHANGES_CONFIRM)))) return;
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (ownError || repeatError) return;
    try {
      await setPassword({ id: user.id, password }).unwrap();
      dispatch(
        showNotification({
          type: 'success',
          title: `Password of ${user.login} set`,
          text: `${user.displayName} was signed out everywhere and signs in with the new password.`,
        }),
      );
      setPasswordText('');
      setRepeated('');
      onClose();
    } catch (error) {
      // A field the server refused is shown at it; anything else has been told by the global handling.
      setRefused(serverFieldErrors(error)?.password ?? null);
    }
  };

  return (
    <BoundedModal
      title={`Set password of ${user.login}`}
      onDismiss={() => void dismiss()}
      maxWidth="30rem"
      className="mw-user-dialog"
      footer={
        <>
          <Button onClick={() => void dismiss()}>Cancel</Button>
          <Button type="submit" form={formId} variant="primary" disabled={!dirty || saving.isLoading}>
            {saving.isLoading ? 'Saving…' : 'Set password'}
          </Button>
        </>
      }
    >
      <form id={formId} className="mw-user-dialog__form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="mw-user-dialog__note">
          {user.displayName} is signed out everywhere once the new password is set
          {user.hasPassword ? '; the old one stops working' : ''}.
        </p>
        <PasswordInput
          label="New password"
          value={password}
          onChange={(text) => {
            setPasswordText(text);
            setRefused(null);
          }}
          error={refused ?? ownError ?? undefined}
          showError={attempted || refused !== null}
        />
        <PasswordInput
          label="Repeat the new password"
          hint="The same again, to rule out a typing mistake."
          value={repeated}
          onChange={setRepeated}
          error={repeatError ?? undefined}
          showError={attempted}
        />
      </form>
    </BoundedModal>
  );
}
