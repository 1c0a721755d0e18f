import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

export default function SignOutThankYouScreen() {
  return (
    <>
      <PageHeading className={s.heading}>Thank you</PageHeading>
      <p>You are signed out.</p>
      <Link href="/login" className={s.link}>
        Sign in again
      </Link>
    </>
  );
}
