import { fieldRequired } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { TextField } from '@lead/headless/TextField';
import { useState } from 'react';
import { Link } from 'wouter';
import { useTouched } from '../../lib/form.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

/**
 * The sign-up fields, with no working submit (accounts are made by admins): Sign up stays disabled
 * and the line above it says why. Each field still says what it needs once it is left.
 */
export default function SignUpScreen() {
  const [values, setValues] = useState({ first: '', last: '', password: '', verify: '', terms: false });
  const form = useTouched({
    first: values.first.trim() ? null : fieldRequired('first name'),
    last: values.last.trim() ? null : fieldRequired('last name'),
    password: values.password ? null : fieldRequired('password'),
    verify: values.verify === values.password ? null : 'The passwords do not match.',
  });
  return (
    <>
      <PageHeading className={s.heading}>Sign up</PageHeading>
      <form
        className={s.form}
        onSubmit={(e) => {
          e.preventDefault();
          form.submit();
        }}
        aria-describedby="signup-note"
      >
        <TextField
          label="First name"
          value={values.first}
          onChange={(first) => setValues({ ...values, first })}
          autoComplete="given-name"
          {...form.field('first')}
        />
        <TextField
          label="Last name"
          value={values.last}
          onChange={(last) => setValues({ ...values, last })}
          autoComplete="family-name"
          {...form.field('last')}
        />
        <TextField
          label="Password"
          type="password"
          value={values.password}
          onChange={(password) => setValues({ ...values, password })}
          autoComplete="new-password"
          {...form.field('password')}
        />
        <TextField
          label="Verify password"
          type="password"
          value={values.verify}
          onChange={(verify) => setValues({ ...values, verify })}
          autoComplete="new-password"
          {...form.field('verify')}
        />
        <Checkbox isSelected={values.terms} onChange={(terms) => setValues({ ...values, terms })}>
          I agree to the terms
        </Checkbox>
        <p id="signup-note" className={s.muted}>
          Accounts are created by an admin.
        </p>
        <Button type="submit" variant="primary" isDisabled aria-describedby="signup-note">
          Sign up
        </Button>
        <Link href="/login" className={s.link}>
          Back to login
        </Link>
      </form>
    </>
  );
}
