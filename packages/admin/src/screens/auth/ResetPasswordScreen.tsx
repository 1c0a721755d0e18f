import { fieldRequired } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { Link, useParams, useSearch } from 'wouter';
import { useTouched } from '../../lib/form.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { auth, resetPassword } from './auth.store.js';

/** The reset form's messages: each field's own, shown once it is left or Reset password is pressed. */
export function resetPasswordErrors(password: string, confirmation: string) {
  return {
    password: password ? null : fieldRequired('password'),
    confirmation: !confirmation
      ? fieldRequired('verify password')
      : confirmation !== password
        ? 'The passwords do not match.'
        : null,
  };
}

export default function ResetPasswordScreen() {
  const { token = '' } = useParams<{ token: string }>();
  const email = new URLSearchParams(useSearch()).get('email') ?? '';
  const { resetPassword: values } = useSnapshot(auth);
  const form = useTouched(resetPasswordErrors(values.password, values.confirmation));
  return (
    <>
      <PageHeading className={s.heading}>Reset password</PageHeading>
      <p className={s.muted}>Choose a new password for {email || 'your account'}.</p>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (form.submit()) void resetPassword(token, email);
        }}
      >
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          isRequired
          value={values.password}
          onChange={(v) => (auth.resetPassword.password = v)}
          {...form.field('password')}
        />
        <TextField
          label="Verify password"
          type="password"
          autoComplete="new-password"
          isRequired
          value={values.confirmation}
          onChange={(v) => (auth.resetPassword.confirmation = v)}
          {...form.field('confirmation')}
        />
        <Button type="submit" variant="primary">
          Reset password
        </Button>
        <Link href="/login" className={s.link}>
          Back to login
        </Link>
      </form>
    </>
  );
}
