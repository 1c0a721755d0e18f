import { CAMPAIGN_STATUS_LABELS, CampaignStatus, type CampaignTarget } from '@lead/contract';
import type { QueryOf, Winner, WinnerApi } from '@lead/contract/api';
import { call } from '../api/client.js';
import { formatDateTime, plural } from '../lib/format.js';

/*
 * Whether a campaign is live, scheduled or waiting (issue #42): each of its targets asked of
 * `GET /sites/{id}/winner` (the runtime's own choice, for a fresh visitor, now) on each of its
 * devices. The builder's warning on save, the Finish screen and the detail page read it.
 */

/** The targets asked about at most (a CSV import may hold thousands): the first ones. */
export const MAX_CHECKED_TARGETS = 20;

export type Device = 'desktop' | 'mobile';
/** What the state is worked out from: a campaign's detail (or its snapshot). */
export interface PublishCampaign {
  id: number;
  status: number;
  started_at: string | null;
  site_id: number;
  site: { readonly name: string };
  device_types: readonly number[];
  targets: ReadonlyArray<Pick<CampaignTarget, 'type' | 'target'>>;
}

/** One target's page on one device, and what the runtime answers there. */
export interface Check {
  target: Pick<CampaignTarget, 'type' | 'target'>;
  device: Device;
  answer: Winner;
}

/** A running campaign that wins one of this campaign's pages. */
export interface Rival {
  id: number;
  name: string;
  code: string;
  /** This campaign's target it wins, and on which devices. */
  target: string;
  devices: Device[];
}

export interface PublishState {
  kind: 'live' | 'scheduled' | 'waiting' | 'off';
  /** 'Live on 3 pages', 'Scheduled: starts 01 Dec, 2026 08:00', 'Waiting: another campaign wins …/health/'. */
  text: string;
  rivals: Rival[];
  /** How many targets were asked about, of how many. */
  checked: number;
  total: number;
}

/** A link as the status names it: '…/health/' (its path), a tag as '#diabetes'. */
export function shortTarget(t: Pick<CampaignTarget, 'type' | 'target'>): string {
  if (t.type === 'tags') return `#${t.target}`;
  try {
    const url = new URL(t.target);
    return `…${url.pathname}${url.search}`;
  } catch {
    return t.target;
  }
}

const pages = (n: number) => plural(n, 'page');

/** What the answers say: live where it wins on some device, waiting where another wins or a rule of its own keeps it off. */
export function summarise(c: PublishCampaign, checks: Check[]): PublishState {
  const total = c.targets.length;
  const byTarget = new Map<string, Check[]>();
  for (const check of checks) byTarget.set(check.target.target, [...(byTarget.get(check.target.target) ?? []), check]);
  let live = 0;
  const rivals: Rival[] = [];
  let ownReason: string | null = null;
  for (const list of byTarget.values()) {
    if (list.some((x) => x.answer.winner?.id === c.id)) live++;
    for (const x of list) {
      const w = x.answer.winner;
      if (w && w.id !== c.id) {
        const known = rivals.find((r) => r.id === w.id && r.target === x.target.target);
        if (known) known.devices.push(x.device);
        else rivals.push({ id: w.id, name: w.name, code: w.code, target: x.target.target, devices: [x.device] });
      } else if (!w) ownReason ??= x.answer.candidates.find((k) => k.id === c.id)?.message ?? null;
    }
  }
  const base = { rivals, checked: byTarget.size, total };
  if (live > 0) {
    const waiting = byTarget.size - live;
    return { ...base, kind: 'live', text: `Live on ${pages(live)}${waiting ? `; waiting on ${pages(waiting)}` : ''}` };
  }
  const first = rivals[0];
  if (first)
    return {
      ...base,
      kind: 'waiting',
      text: `Waiting: another campaign wins ${shortTarget({ type: 'links', target: first.target })}`,
    };
  if (!total) return { ...base, kind: 'waiting', text: 'Waiting: it targets no page yet' };
  return {
    ...base,
    kind: 'waiting',
    text: `Waiting: ${(ownReason ?? 'it shows on none of its pages now').replace(/^./, (ch) => ch.toLowerCase())}`,
  };
}

/** The state without asking the runtime: a campaign that is not running, or waits for its start. */
export function statusState(c: PublishCampaign): PublishState | null {
  const none = { rivals: [], checked: 0, total: c.targets.length };
  if (c.status === CampaignStatus.Schedule)
    return { ...none, kind: 'scheduled', text: `Scheduled: starts ${formatDateTime(c.started_at)}` };
  if (c.status !== CampaignStatus.Active && c.status !== CampaignStatus.AbTest) {
    return {
      ...none,
      kind: 'off',
      text: `Not live: ${CAMPAIGN_STATUS_LABELS[c.status as CampaignStatus] ?? 'not running'}`,
    };
  }
  return null;
}

/** Asks the runtime about each target (the first MAX_CHECKED_TARGETS) on each device, quietly (no overlay, no notice). */
export async function publishState(c: PublishCampaign): Promise<PublishState> {
  const fixed = statusState(c);
  if (fixed) return fixed;
  const devices: Device[] = [
    ...(c.device_types.includes(2) ? (['desktop'] as const) : []),
    ...(c.device_types.includes(1) ? (['mobile'] as const) : []),
  ];
  const asks = c.targets
    .slice(0, MAX_CHECKED_TARGETS)
    .flatMap((target) => devices.map((device) => ({ target, device })));
  const answers = await Promise.all(
    asks.map(async ({ target, device }): Promise<Check | null> => {
      const query = {
        url: target.type === 'links' ? target.target : `https://${c.site.name}/`,
        device,
        tags: target.type === 'tags' ? target.target : undefined,
        campaign: c.id,
      } satisfies QueryOf<WinnerApi['winner']>;
      try {
        const res = await call('GET /api/admin/sites/:id/winner', {
          params: { id: c.site_id },
          query,
          hideLoading: true,
          hideError: true,
        });
        return { target, device, answer: res._data };
      } catch {
        // A page the server cannot answer about (an old link off the site's host): left out.
        return null;
      }
    }),
  );
  return summarise(
    c,
    answers.filter((a): a is Check => a !== null),
  );
}
