import { Button } from '@lead/headless/Button';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import * as s from '../shell/shell.css.js';
import { dismissSaveWarning, saveNotice } from './notice.js';
import * as st from './publish.css.js';
import {
  publishState,
  shortTarget,
  type Device,
  type PublishCampaign,
  type PublishState,
  type Rival,
} from './publish.js';

type RivalView = Readonly<Omit<Rival, 'devices'>> & { readonly devices: readonly Device[] };
const devicesText = (devices: readonly Device[]) => (devices.length > 1 ? 'desktop and mobile' : devices[0]);

/** The running campaigns a fresh visitor sees instead on some of this campaign's pages, each linked to its detail page. */
export function RivalsWarning({ rivals }: { rivals: readonly RivalView[] }) {
  if (!rivals.length) return null;
  return (
    <div className={st.warning} role="note" aria-label="Other campaigns win">
      <p className={st.state}>Other running campaigns win some of these pages: a visitor sees them instead.</p>
      <ul className={st.rivals}>
        {rivals.map((r) => (
          <li key={`${r.id}-${r.target}`}>
            <Link href={`/campaign-details/${r.id}`} className={s.link}>
              {r.name}
            </Link>{' '}
            ({r.code}) wins {shortTarget({ type: 'links', target: r.target })} on {devicesText(r.devices)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The builder's warning on save, on the list it returns to: the campaign's state and who wins its pages, until dismissed. */
export function SaveWarningNotice() {
  const { warning } = useSnapshot(saveNotice);
  if (!warning) return null;
  return (
    <section aria-labelledby="save-warning-title" className={st.section} role="status">
      <h2 id="save-warning-title" className={st.state}>
        “{warning.name}” is saved. {warning.state.text}
      </h2>
      <RivalsWarning rivals={warning.state.rivals} />
      <div className={s.row}>
        <Link href={`/campaign-details/${warning.id}`} className={s.link}>
          Open {warning.name}
        </Link>
        <Button onPress={dismissSaveWarning}>Dismiss</Button>
      </div>
    </section>
  );
}

/** What the runtime says of the campaign now, and the warning when others win its pages. */
export function PublishView({ state }: { state: PublishState }) {
  return (
    <>
      <p className={st.state} data-publish={state.kind}>
        {state.text}
      </p>
      {state.checked < state.total ? (
        <p className={s.muted}>
          The first {state.checked} of its {state.total} targets were checked.
        </p>
      ) : null}
      <RivalsWarning rivals={state.rivals} />
    </>
  );
}

/**
 * "On partner pages": live, scheduled or waiting, asked of the runtime's choice when shown, with
 * Preview on a page. The Finish screen and the detail page show it.
 */
export function PublishStatus({ campaign, onPreview }: { campaign: PublishCampaign; onPreview: () => void }) {
  const [answer, setAnswer] = useState<{ key: string; state: PublishState } | null>(null);
  const key = JSON.stringify([
    campaign.id,
    campaign.status,
    campaign.started_at,
    campaign.device_types,
    campaign.targets,
  ]);
  // An answer about the campaign as it was is not shown once it changed.
  const state = answer?.key === key ? answer.state : null;
  useEffect(() => {
    let current = true;
    void publishState(campaign).then((next) => current && setAnswer({ key, state: next }));
    return () => {
      current = false;
    };
    // The campaign's fields that change the answer are the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <section aria-labelledby="publish-title" className={st.section}>
      <h2 id="publish-title">On partner pages</h2>
      <div aria-live="polite">
        {state ? <PublishView state={state} /> : <p className={s.muted}>Checking the partner pages…</p>}
      </div>
      <div className={s.row}>
        <Button onPress={onPreview} aria-describedby="publish-preview-note">
          Preview on a page
        </Button>
        <span id="publish-preview-note" className={s.visuallyHidden}>
          Opens the saved campaign on a partner page in a new tab
        </span>
      </div>
    </section>
  );
}
