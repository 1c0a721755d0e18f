import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { TextField } from '@lead/headless/TextField';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

/** The sign-up fields, with no working submit (accounts are made by admins). */
export default function SignUpScreen() {
  const [form, setForm] = useState({ first: '', last: '', password: '', verify: '', terms: false });
  return (
    <>
      <PageHeading className={s.heading}>Sign up</PageHeading>
      <form className={s.form} onSubmit={(e) => e.preventDefault()} aria-describedby="signup-note">
        <TextField
          label="First name"
          value={form.first}
          onChange={(first) => setForm({ ...form, first })}
          autoComplete="given-name"
        />
        <TextField
          label="Last name"
          value={form.last}
          onChange={(last) => setForm({ ...form, last })}
          autoComplete="family-name"
        />
        <TextField
          label="Password"
          type="password"
          value={form.password}
          onChange={(password) => setForm({ ...form, password })}
          autoComplete="new-password"
        />
        <TextField
          label="Verify password"
          type="password"
          value={form.verify}
          onChange={(verify) => setForm({ ...form, verify })}
          autoComplete="new-password"
        />
        <Checkbox isSelected={form.terms} onChange={(terms) => setForm({ ...form, terms })}>
          I agree to the terms
        </Checkbox>
        <p id="signup-note" className={s.muted}>
          Accounts are created by an admin.
        </p>
        <Button type="submit" variant="primary" isDisabled>
          Sign up
        </Button>
        <Link href="/login" className={s.link}>
          Back to login
        </Link>
      </form>
    </>
  );
}
