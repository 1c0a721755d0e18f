import { Button } from '@lead/headless/Button';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { Link, useParams, useSearch } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { auth, resetPassword } from './auth.store.js';

export default function ResetPasswordScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const email = new URLSearchParams(useSearch()).get('email') ?? '';
  const { resetPassword: form } = useSnapshot(auth);
  const mismatch =
    form.confirmation !== '' && form.confirmation !== form.password ? 'The passwords do not match.' : null;
  return (
    <>
      <PageHeading className={s.heading}>Reset password</PageHeading>
      <p className={s.muted}>Choose a new password for {email || 'your account'}.</p>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!mismatch) void resetPassword(token, email);
        }}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          isRequired
          value={form.password}
          onChange={(v) => (auth.resetPassword.password = v)}
        />
        <TextField
          label="Verify password"
          type="password"
          autoComplete="new-password"
          isRequired
          value={form.confirmation}
          onChange={(v) => (auth.resetPassword.confirmation = v)}
          errorMessage={mismatch}
        />
        <Button type="submit" variant="primary" isDisabled={!form.password || Boolean(mismatch)}>
          Reset password
        </Button>
        <Link href="/login" className={s.link}>
          Back to login
        </Link>
      </form>
    </>
  );
}
