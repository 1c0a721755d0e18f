import { Link } from 'wouter';
import { PageHeading } from '../shell/PageHeading.js';
import * as s from '../shell/shell.css.js';

/** 'Ops!', 'This link is not exits.', and Back to Home going to login. */
export default function NotFoundScreen() {
  return (
    <>
      <PageHeading className={s.heading}>Ops!</PageHeading>
      <p>This link is not exits.</p>
      <Link href="/login" className={s.link}>
        Back to Home
      </Link>
    </>
  );
}
