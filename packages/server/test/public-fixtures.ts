/** What the public-route tests share: a browser on a partner page of site 1, and a campaign's figures. */
import { MIN_FILL_MS, solveChallenge, type PowSolution } from '@lead/contract';
import { validCampaign } from '@lead/contract/fixtures';
import { EventKind } from '../src/repositories/events.js';
import { powChallenges } from '../src/runtime/pow.js';
import { clientOf } from './fixtures.js';
import { startTestApp, TEST_NOW, type TestApp } from './helpers.js';

export const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** Site 1's host (bacsi-online.vn, Vietnam). */
export const ORIGIN = 'https://bacsi-online.vn';

export interface PublicClient {
  /** A new campaign (the shared valid campaign of site 1, with `over`: `site_id` another site), active and served. */
  create(over?: Record<string, unknown>): Promise<{ id: number; code: string }>;
  /**
   * POSTs to /api/public/<path> as a browser on a page of site 1 (headers and address may be changed; '' leaves one out).
   * A lead gets what a person's pop-up adds (`asPerson`) unless its body names any of it.
   */
  post(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
    remoteAddress?: string,
  ): ReturnType<TestApp['call']>;
  figures(id: number): Promise<{
    total_impression: number;
    total_click: number;
    total_visitor: number;
    total_bounce: number;
    total_habit_exit: number;
    total_intentional_exit: number;
  }>;
}

export async function publicClient(t: TestApp): Promise<PublicClient> {
  const admin = await t.login('leader@lead.test');
  return {
    async create(over = {}) {
      const client = await clientOf(t, (over.site_id as number | undefined) ?? 1);
      const res = await t.call('POST', '/api/admin/campaign', { token: admin, body: validCampaign(client, over) });
      if (res.status !== 200) throw new Error(`campaign not created: ${res.raw}`);
      return res.body._data.model as { id: number; code: string };
    },
    async post(path, body, headers = {}, remoteAddress) {
      // A header given as '' is left out (a request without an Origin).
      const all = Object.fromEntries(
        Object.entries({ origin: ORIGIN, 'user-agent': BROWSER, ...headers }).filter(([, v]) => v !== ''),
      );
      return t.call('POST', `/api/public/${path}`, {
        body: await withPerson(t, path, body),
        headers: all,
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    figures: (id) =>
      t.database.db
        .selectFrom('campaigns')
        .select([
          'total_impression',
          'total_click',
          'total_visitor',
          'total_bounce',
          'total_habit_exit',
          'total_intentional_exit',
        ])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
  };
}

/** The app's clock, which a test moves (rate windows, days); `reset()` brings it back to TEST_NOW. */
export class MovableClock {
  ms = TEST_NOW.getTime();
  readonly now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
  reset(): void {
    this.ms = TEST_NOW.getTime();
  }
}

/** A file's app on a movable clock, with its public client (call in `beforeAll`; close `t` after). */
export async function publicSession(): Promise<{ t: TestApp; p: PublicClient; clock: MovableClock }> {
  const clock = new MovableClock();
  const t = await startTestApp({ now: clock.now });
  return { t, p: await publicClient(t), clock };
}

const PERSON_KEYS = ['pv', 'pow', 'fill_ms', 'hp'];

/** A body for POST /api/public/<path>: a lead gets what a person's pop-up adds (`asPerson`) unless it names any of it. */
export async function withPerson(t: TestApp, path: string, body: unknown): Promise<unknown> {
  if (path !== 'leads' || !isLeadBody(body) || PERSON_KEYS.some((k) => k in body)) return body;
  return { ...body, ...(await asPerson(t, body)) };
}
type LeadBody = { site_id: number; code: string; visitor_id: string };
const isLeadBody = (body: unknown): body is LeadBody =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as LeadBody).site_id === 'number' &&
  typeof (body as LeadBody).code === 'string';

/**
 * What a person's pop-up sends with a lead (docs/runtime-people.md, "Is it a person?"), made in the
 * process on the app's clock as if the form had opened MIN_FILL_MS and a second ago: the page
 * view's signed id with the campaign's impression counted in it, the form's challenge solved by the
 * pop-up's own solver, and the fill time. (test/runtime-bots.test.ts goes the whole way over HTTP.)
 */
export async function asPerson(
  t: TestApp,
  body: LeadBody,
): Promise<{ pv?: string; pow: PowSolution; fill_ms: number }> {
  const opened = new Date(t.now().getTime() - MIN_FILL_MS - 1000);
  const campaign = await t.database.db
    .selectFrom('campaigns')
    .select('id')
    .where('code', '=', body.code)
    .where('site_id', '=', body.site_id)
    .executeTakeFirst();
  let pv: string | undefined;
  if (campaign && typeof body.visitor_id === 'string') {
    pv = t.app.events.pageViews.mint(body.site_id, body.visitor_id, opened);
    await t.database.db
      .insertInto('page_view_events')
      .values({ page_view: pv.split('.')[0]!, campaign_id: campaign.id, kind: EventKind.Impression })
      .execute();
  }
  const challenge = await (await powChallenges(t.database.db)).issue(body.site_id, opened);
  const pow = (await solveChallenge(challenge))!;
  return { ...(pv ? { pv } : {}), pow, fill_ms: MIN_FILL_MS + 1000 };
}
