import { Button } from '@lead/headless/Button';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import * as s from '../../shell/shell.css.js';
import { account, changePassword } from './account.store.js';

export function ChangePassword() {
  const { password } = useSnapshot(account);
  const complete = password.current_password && password.password && password.password_confirmation;
  return (
    <form
      className={s.form}
      aria-labelledby="password-title"
      onSubmit={(e) => {
        e.preventDefault();
        void changePassword();
      }}
    >
      <h2 id="password-title">Change password</h2>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        isRequired
        value={password.current_password}
        onChange={(v) => (account.password.current_password = v)}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        isRequired
        value={password.password}
        onChange={(v) => (account.password.password = v)}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        isRequired
        value={password.password_confirmation}
        onChange={(v) => (account.password.password_confirmation = v)}
      />
      <div>
        <Button type="submit" variant="primary" isDisabled={!complete}>
          Change password
        </Button>
      </div>
    </form>
  );
}
