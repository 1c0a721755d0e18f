import { Link } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

/** Creating a campaign leads here. */
export default function CreateSuccessScreen() {
  return (
    <>
      <PageHeading className={s.heading}>Campaign has been created!</PageHeading>
      <p>Your campaign is saved. You can find it in the campaign list.</p>
      <p className={s.row}>
        <Link href="/" className={s.link}>
          Back to the campaign list
        </Link>
      </p>
    </>
  );
}
