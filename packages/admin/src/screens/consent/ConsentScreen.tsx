import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useParams } from 'wouter';
import { navigate } from '../../router/hash-location.js';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { ConsentRecordDialog } from './ConsentRecordDialog.js';
import { closeConsent, consent, openConsent } from './consent.store.js';

/**
 * `#/leads/{id}/consent`: the address an export's "Consent record" cell links to. It opens the
 * lead's record in its dialog; closing it goes to the lead's campaign (the list when unknown).
 */
export default function ConsentScreen() {
  const { id } = useParams<{ id: string }>();
  const { record } = useSnapshot(consent);
  useEffect(() => {
    void openConsent(Number(id));
    return closeConsent;
  }, [id]);
  const campaignId = record?.campaign_id;
  return (
    <>
      <PageHeading className={s.heading}>Consent record</PageHeading>
      <ConsentRecordDialog onClose={() => navigate(campaignId ? `/campaign-details/${campaignId}` : '/')} />
    </>
  );
}
