import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepLifecycle } from '../src/repositories/lifecycle.js';
import { testSession, type TestSession } from './fixtures.js';
import type { TestApp } from './helpers.js';

let t: TestApp;
let create: TestSession['createCampaign'];
beforeAll(async () => {
  ({ t, createCampaign: create } = await testSession({ as: 'leader@lead.test' }));
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const status = async (id: number) =>
  await t.database.db
    .selectFrom('campaigns')
    .select(['status', 'is_schedule'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the lifecycle sweep (docs/campaign-lifecycle.md)', () => {
  it('starts a scheduled campaign at its start, and expires it after its end', async () => {
    const c = await create({ forever: false, started_at: '2026-12-01 08:00:00', ended_at: '2026-12-05 20:00:00' });
    expect(await status(c.id)).toEqual({ status: 0, is_schedule: true });
    await sweepLifecycle(t.database.db, at('2026-12-01T00:59:59Z'));
    expect((await status(c.id)).status).toBe(0);
    const started = await sweepLifecycle(t.database.db, at('2026-12-01T01:00:00Z'));
    expect(started.started).toContain(c.id);
    expect(await status(c.id)).toEqual({ status: 1, is_schedule: false });
    await sweepLifecycle(t.database.db, at('2026-12-05T13:00:00Z'));
    expect((await status(c.id)).status).toBe(1);
    const expired = await sweepLifecycle(t.database.db, at('2026-12-05T13:00:01Z'));
    expect(expired.expired).toContain(c.id);
    expect((await status(c.id)).status).toBe(3);
  });

  it('never expires a forever campaign', async () => {
    const c = await create();
    await sweepLifecycle(t.database.db, at('2027-03-01T00:00:00Z'));
    expect((await status(c.id)).status).toBe(1);
  });

  it('deactivates campaigns created over 6 months ago and not updated in 3', async () => {
    const c = await create();
    await t.database.db
      .updateTable('campaigns')
      .set({ created_at: at('2026-05-01T00:00:00Z'), updated_at: at('2026-08-20T00:00:00Z') })
      .where('id', '=', c.id)
      .execute();
    const keep = await create();
    await t.database.db
      .updateTable('campaigns')
      .set({ created_at: at('2026-05-01T00:00:00Z'), updated_at: at('2026-08-22T00:00:00Z') })
      .where('id', '=', keep.id)
      .execute();
    const r = await sweepLifecycle(t.database.db, at('2026-11-21T00:00:00Z'));
    expect(r.deactivated).toContain(c.id);
    expect(r.deactivated).not.toContain(keep.id);
    expect((await status(c.id)).status).toBe(-1);
    expect((await status(keep.id)).status).toBe(1);
  });

  it('is idempotent, and writes one history entry per change', async () => {
    const c = await create({ forever: false, started_at: '2026-12-10 08:00:00', ended_at: '2026-12-20 20:00:00' });
    const history = await t.count('history');
    const first = await sweepLifecycle(t.database.db, at('2026-12-11T00:00:00Z'));
    expect(first.started).toContain(c.id);
    const changes = first.started.length + first.expired.length + first.deactivated.length;
    expect(await t.count('history')).toBe(history + changes);
    const second = await sweepLifecycle(t.database.db, at('2026-12-11T00:00:00Z'));
    expect(second).toEqual({ ran: true, started: [], expired: [], deactivated: [] });
    expect(await t.count('history')).toBe(history + changes);
    const entry = await t.database.db
      .selectFrom('history')
      .select(['text', 'user_id'])
      .where('text', 'like', '%>started</span> as scheduled%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBeNull();
  });

  it('changes each campaign once when two processes sweep together', async () => {
    await create({ forever: false, started_at: '2027-01-10 08:00:00', ended_at: '2027-01-20 20:00:00' });
    const when = at('2027-01-11T00:00:00Z');
    const [a, b] = await Promise.all([sweepLifecycle(t.database.db, when), sweepLifecycle(t.database.db, when)]);
    const started = [...a.started, ...b.started];
    expect(started.length).toBeGreaterThan(0);
    expect(new Set(started).size).toBe(started.length);
  });
});
