import { fieldRequired } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { useTouched } from '../../lib/form.js';
import { auth, logIn } from './auth.store.js';

export default function LoginScreen() {
  const { login, busy } = useSnapshot(auth);
  const form = useTouched({
    email: login.email.trim() ? null : fieldRequired('email'),
    password: login.password ? null : fieldRequired('password'),
  });
  return (
    <>
      <PageHeading className={s.heading}>Sign in to Lead</PageHeading>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (form.submit()) void logIn();
        }}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          isRequired
          value={login.email}
          onChange={(v) => (auth.login.email = v)}
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          isRequired
          value={login.password}
          onChange={(v) => (auth.login.password = v)}
          {...form.field('password')}
        />
        <div className={s.row}>
          <Checkbox isSelected={login.remember} onChange={(v) => (auth.login.remember = v)}>
            Remember Me
          </Checkbox>
          <Link href="/reset-password-by-email" className={s.link}>
            Forgot password
          </Link>
        </div>
        <Button type="submit" variant="primary" isDisabled={busy}>
          Login
        </Button>
        {/* The sign-up link exists but is hidden. */}
        <Link href="/signup" hidden>
          Sign up
        </Link>
      </form>
    </>
  );
}
