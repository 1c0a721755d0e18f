import type { CampaignDetail } from '@lead/contract';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call } from '../../api/client.js';
import { PublishStatus } from '../../publish/PublishStatus.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { previewOnPage } from './preview.actions.js';

/**
 * Creating a campaign leads here (FINISH): it names the campaign, says whether it is live,
 * scheduled or waiting (and which campaigns win its pages), offers Preview on a page, and links to
 * its detail page and to the builder.
 */
export default function CreateSuccessScreen() {
  const query = new URLSearchParams(useSearch());
  const id = Number(query.get('id'));
  const name = query.get('name')?.trim() || '';
  const known = Number.isInteger(id) && id > 0;
  const edit = new URLSearchParams({ siteID: query.get('siteID') ?? '', siteURL: query.get('siteURL') ?? '' });
  const [campaign, setCampaign] = useState<CampaignDetail | null>(null);
  useEffect(() => {
    if (!known) return;
    let current = true;
    call('GET /api/admin/campaign/:id', { params: { id }, hideError: true }).then(
      (res) => current && setCampaign(res._data.campaign),
      // A campaign that cannot be read (deleted meanwhile): the page names it without its state.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id, known]);
  return (
    <>
      <PageHeading className={s.heading}>Campaign has been created!</PageHeading>
      <p>
        {known && name ? (
          <>Your campaign “{name}” is saved.</>
        ) : (
          'Your campaign is saved. You can find it in the campaign list.'
        )}
      </p>
      {campaign ? <PublishStatus campaign={campaign} onPreview={() => void previewOnPage(campaign.id)} /> : null}
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
