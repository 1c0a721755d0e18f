import type { Winner, WinnerCandidate } from '@lead/contract/api';
import { describe, expect, it } from 'vitest';
import { shortTarget, statusState, summarise, type Check, type PublishCampaign } from './publish.js';

const campaign = (over: Partial<PublishCampaign> = {}): PublishCampaign => ({
  id: 7,
  status: 1,
  started_at: null,
  site_id: 1,
  site: { name: 'bacsi-online.vn' },
  device_types: [1, 2],
  targets: [
    { type: 'links', target: 'https://bacsi-online.vn/health/a/' },
    { type: 'links', target: 'https://bacsi-online.vn/health/b/' },
    { type: 'links', target: 'https://bacsi-online.vn/heart/' },
  ],
  ...over,
});
const who = (id: number, over: Partial<WinnerCandidate> = {}): WinnerCandidate => ({
  id,
  code: `LD-${id}`,
  name: `Campaign ${id}`,
  status: 1,
  reason: 'wins',
  message: 'Shows first (on landing after 5 s)',
  ...over,
});
const check = (
  target: string,
  device: 'desktop' | 'mobile',
  winner: WinnerCandidate | null,
  own?: WinnerCandidate,
): Check => ({
  target: { type: 'links', target },
  device,
  answer: {
    url: target,
    device,
    at: '2026-11-21 10:00:00',
    winner,
    candidates: [...(winner ? [winner] : []), ...(own ? [own] : [])],
  } satisfies Winner,
});

describe('whether a campaign is live, scheduled or waiting', () => {
  it('is live on the pages it wins on some device, and names who wins the others', () => {
    const c = campaign();
    const state = summarise(c, [
      check('https://bacsi-online.vn/health/a/', 'desktop', who(3), who(7, { reason: 'site_order' })),
      check('https://bacsi-online.vn/health/a/', 'mobile', who(3), who(7, { reason: 'site_order' })),
      check('https://bacsi-online.vn/health/b/', 'desktop', who(7)),
      check('https://bacsi-online.vn/health/b/', 'mobile', who(3)),
      check('https://bacsi-online.vn/heart/', 'desktop', who(7)),
      check('https://bacsi-online.vn/heart/', 'mobile', who(7)),
    ]);
    expect(state.kind).toBe('live');
    expect(state.text).toBe('Live on 2 pages; waiting on 1 page');
    expect(state.rivals).toEqual([
      {
        id: 3,
        name: 'Campaign 3',
        code: 'LD-3',
        target: 'https://bacsi-online.vn/health/a/',
        devices: ['desktop', 'mobile'],
      },
      { id: 3, name: 'Campaign 3', code: 'LD-3', target: 'https://bacsi-online.vn/health/b/', devices: ['mobile'] },
    ]);
  });

  it('waits when another campaign wins every page, naming the first page', () => {
    const c = campaign({ targets: [{ type: 'links', target: 'https://bacsi-online.vn/health/' }] });
    const state = summarise(c, [
      check('https://bacsi-online.vn/health/', 'desktop', who(3), who(7, { reason: 'site_order' })),
    ]);
    expect(state).toMatchObject({
      kind: 'waiting',
      text: 'Waiting: another campaign wins …/health/',
      checked: 1,
      total: 1,
    });
  });

  it('waits with its own reason when nothing shows (outside its hours), or when it targets nothing', () => {
    const c = campaign({ targets: [{ type: 'links', target: 'https://bacsi-online.vn/heart/' }] });
    const hours = who(7, { reason: 'hours', message: 'Outside its daily hours (14:00–16:00)' });
    expect(summarise(c, [check('https://bacsi-online.vn/heart/', 'desktop', null, hours)]).text).toBe(
      'Waiting: outside its daily hours (14:00–16:00)',
    );
    expect(summarise(campaign({ targets: [] }), []).text).toBe('Waiting: it targets no page yet');
  });

  it('is scheduled until its start, and not live when not running, without asking the runtime', () => {
    expect(statusState(campaign({ status: 0, started_at: '2026-12-01 08:00:00' }))).toMatchObject({
      kind: 'scheduled',
      text: 'Scheduled: starts 01 Dec, 2026 08:00',
    });
    expect(statusState(campaign({ status: -1 }))).toMatchObject({ kind: 'off', text: 'Not live: Inactive' });
    expect(statusState(campaign({ status: 3 }))).toMatchObject({ kind: 'off', text: 'Not live: Expired' });
    expect(statusState(campaign({ status: 1 }))).toBeNull();
    expect(statusState(campaign({ status: 4 }))).toBeNull();
  });

  it('names a link by its path and a tag with #', () => {
    expect(shortTarget({ type: 'links', target: 'https://bacsi-online.vn/health/?a=1' })).toBe('…/health/?a=1');
    expect(shortTarget({ type: 'tags', target: 'diabetes' })).toBe('#diabetes');
  });
});
