import { Link, useSearch } from 'wouter';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';

/** Creating a campaign leads here: it names the campaign and links to its detail page and to the builder. */
export default function CreateSuccessScreen() {
  const query = new URLSearchParams(useSearch());
  const id = Number(query.get('id'));
  const name = query.get('name')?.trim() || '';
  const known = Number.isInteger(id) && id > 0;
  const edit = new URLSearchParams({ siteID: query.get('siteID') ?? '', siteURL: query.get('siteURL') ?? '' });
  return (
    <>
      <PageHeading className={s.heading}>Campaign has been created!</PageHeading>
      <p>{known && name ? <>Your campaign “{name}” is saved.</> : 'Your campaign is saved. You can find it in the campaign list.'}</p>
      <p className={s.row}>
        {known ? (
          <>
            <Link href={`/campaign-details/${id}`} className={s.link}>
              Open {name || `campaign ${id}`}
            </Link>
            <Link href={`/edit-campaign/${id}?${edit}`} className={s.link}>
              Edit {name || `campaign ${id}`}
            </Link>
          </>
        ) : null}
        <Link href="/" className={s.link}>
          Back to the campaign list
        </Link>
      </p>
    </>
  );
}
