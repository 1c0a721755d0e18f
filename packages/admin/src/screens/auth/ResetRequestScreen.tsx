import { Button } from '@lead/headless/Button';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { auth, requestReset } from './auth.store.js';

export default function ResetRequestScreen() {
  const { resetRequest } = useSnapshot(auth);
  return (
    <>
      <PageHeading className={s.heading}>Forgot password</PageHeading>
      <p className={s.muted}>Enter your email and we will send you a link to set a new password.</p>
      <form
        className={s.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void requestReset();
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          isRequired
          value={resetRequest.email}
          onChange={(v) => {
            auth.resetRequest.email = v;
            auth.resetRequest.error = null;
          }}
          errorMessage={resetRequest.error}
        />
        <Button type="submit" variant="primary">
          Send reset link
        </Button>
        {resetRequest.sent ? <p role="status">Email was sent</p> : null}
        <Link href="/login" className={s.link}>
          Back to login
        </Link>
      </form>
    </>
  );
}
