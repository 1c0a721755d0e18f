import {
  CAMPAIGN_DEFAULTS,
  CampaignStatus,
  CampaignType,
  DeviceType,
  LAYOUTS,
  LAYOUT_DISPLAY_TYPE,
  type FormBlock,
  DEVICE_TYPES,
} from '@lead/contract';
import { sql } from 'kysely';
import { html } from '../lib/html.js';
import { newCode } from '../repositories/campaigns.js';
import type { Executor } from '../db/types.js';
import type { Random } from './random.js';
import { SITES } from './reference.js';
import { DEMO_ARTICLES, prepareDemoConsent } from './consent.js';
import { rollUpLoadedFigures } from './rollup.js';

export interface CampaignSeedOptions {
  /** How many top-level campaigns (A/B tests add their variants). */
  count: number;
  /** Give the first campaign this many extra leads (the detail's big lead table). */
  bigLeadCampaign?: number;
  /** The server's time zone: the days of the figures are its days. */
  timeZone: string;
}

const TOPICS = [
  'Diabetes care',
  'Pregnancy week by week',
  'Heart health',
  'Skin clinic',
  'Baby sleep',
  'Vitamin D',
  'Dental check',
  'Eye care',
  'Allergy season',
  'Healthy weight',
  'Bone strength',
  'Mental wellbeing',
  'Kidney check',
  'Liver health',
  'Breastfeeding',
  'Flu vaccine',
];
const SECTIONS = ['health', 'pregnancy', 'parenting', 'nutrition', 'fitness', 'diseases', 'beauty', 'mental-health'];
const { Active, Inactive, Expired, Schedule, Paused, Draft } = CampaignStatus;
const STATUSES = [
  Active,
  Active,
  Active,
  Active,
  Inactive,
  Inactive,
  Expired,
  Expired,
  Schedule,
  Paused,
  Draft,
] as const;

function sampleForms(rnd: Random): FormBlock[] {
  const blocks: FormBlock[] = [
    { name: 'Title', id: 'title', data: { placeholder: 'Sample title', align: 'center' } },
    { name: 'Subtitle', id: 'subtitle', data: { placeholder: 'Sample description', align: 'center' } },
    { name: 'Text', id: 'b1', data: { value: 'name', placeholder: 'Full name', required: true } },
    { name: 'Email', id: 'b2', data: { value: 'email', placeholder: 'Email', required: true } },
  ];
  if (rnd.chance(0.6))
    blocks.push({
      name: 'Phone',
      id: 'b3',
      data: { value: 'phone', placeholder: 'Phone number', required: true, singleSubmission: true },
    });
  if (rnd.chance(0.3)) {
    blocks.push({
      name: 'Radio',
      id: 'b4',
      data: {
        value: 'gender',
        placeholder: 'Gender',
        required: false,
        listQuestion: [
          { value: '1', placeholder: 'Male' },
          { value: '0', placeholder: 'Female' },
        ],
      },
    });
  }
  if (rnd.chance(0.4)) {
    blocks.push({
      name: 'Terms',
      id: 'b5',
      data: {
        value: 'terms',
        placeholder: 'https://example.org/terms\nhttps://example.org/privacy',
        valueHTML: 'I agree to the *terms* and the *privacy policy*',
        required: true,
      },
    });
  }
  blocks.push({ name: 'Submit', id: 'submit', data: { placeholder: 'Submit' } });
  return blocks;
}

/** Demo campaigns over every status, type and display type, with targets, rules, figures and leads. */
export async function seedCampaigns(
  db: Executor,
  rnd: Random,
  now: Date,
  ctx: { userIds: number[]; clients: Array<{ id: number; siteIds: number[] }> },
  opts: CampaignSeedOptions,
): Promise<void> {
  const day = 86_400_000;
  const tests: Array<{ id: number; running: boolean; row: Record<string, unknown> }> = [];
  const rows: Array<Record<string, unknown>> = [];
  const targets: Array<{ index: number; list: Array<Record<string, unknown>> }> = [];

  for (let i = 0; i < opts.count; i++) {
    const site = SITES[i % SITES.length]!;
    const clients = ctx.clients.filter((c) => c.siteIds.includes(site.id));
    const client = clients[i % clients.length]!;
    // Every site gets every layout (the site and the layout would otherwise turn together).
    const layout = LAYOUTS[(i + Math.floor(i / SITES.length)) % LAYOUTS.length]!;
    const status = i % 17 === 5 ? CampaignStatus.AbTest : STATUSES[i % STATUSES.length]!;
    const type = status === CampaignStatus.AbTest || i % 13 === 7 ? CampaignType.AbTest : CampaignType.Normal;
    const createdDaysAgo = rnd.int(5, 420);
    const created = new Date(now.getTime() - createdDaysAgo * day - rnd.int(0, 86_399) * 1000);
    // Most were edited since; some old ones were left alone (and so deactivated).
    const stale = status === CampaignStatus.Inactive && createdDaysAgo > 200;
    const updated = new Date(
      stale
        ? created.getTime() + rnd.int(1, 60) * day
        : now.getTime() - rnd.int(0, Math.min(createdDaysAgo, 80)) * day - rnd.int(0, 86_399) * 1000,
    );
    const timed = status === CampaignStatus.Expired || status === CampaignStatus.Schedule || rnd.chance(0.2);
    const started =
      status === CampaignStatus.Schedule
        ? new Date(now.getTime() + rnd.int(1, 30) * day)
        : new Date(created.getTime() + rnd.int(0, 3) * day);
    const ended =
      status === CampaignStatus.Expired
        ? new Date(now.getTime() - rnd.int(1, Math.max(2, createdDaysAgo - 4)) * day)
        : new Date(Math.max(now.getTime(), started.getTime()) + rnd.int(10, 120) * day);
    const legacy = i % 23 === 11;
    const topic = TOPICS[i % TOPICS.length]!;
    const trigger = layout.startsWith('Inline') || rnd.chance(0.5) ? 'on_landing' : 'on_scroll';
    const rules = [
      trigger === 'on_landing'
        ? { rule: 'time_on_page', value: rnd.pick([3, 5, 10, 15, 30]) }
        : { rule: 'scroll_percent', value: rnd.pick([25, 50, 75, 100]) },
      { rule: 'days_to_show_again', value: CAMPAIGN_DEFAULTS.frequency },
      ...Object.entries(CAMPAIGN_DEFAULTS.fixedRules).map(([rule, value]) => ({ rule, value })),
      ...(rnd.chance(0.3)
        ? [{ rule: 'appearance_time', value: { startTime: '08:00', endTime: rnd.pick(['17:00', '20:00', '23:00']) } }]
        : []),
    ];
    rows.push({
      code: newCode(),
      name: `${topic} ${site.country_id} #${i + 1}`,
      site_id: site.id,
      client_id: client.id,
      creator_id: ctx.userIds[i % ctx.userIds.length]!,
      type,
      parent_id: null,
      status,
      is_testing_running: status === CampaignStatus.AbTest,
      is_schedule: status === CampaignStatus.Schedule,
      display_type: LAYOUT_DISPLAY_TYPE[layout],
      trigger_type: trigger,
      device_types:
        layout === 'Sidebar' || layout === 'Fullscreen' || layout === 'Slider'
          ? [DeviceType.Desktop]
          : rnd.pick([[DeviceType.Mobile], [DeviceType.Desktop], [...DEVICE_TYPES], [...DEVICE_TYPES]]),
      rules: JSON.stringify(rules),
      forms: JSON.stringify(sampleForms(rnd)),
      extra_fields: JSON.stringify(
        legacy
          ? {
              popupVersion: '2.0',
              title: `${topic}`,
              desc: 'Leave your details and our experts will call you.',
              submit: 'Submit',
            }
          : {
              popupVersion: '2.1',
              currentLayout: layout,
              targetLinkType: 'links',
              popupShowThankYou: 'notshow',
              popupInlinePosition: '6th',
            },
      ),
      kpis: JSON.stringify({ lead: CAMPAIGN_DEFAULTS.leads }),
      price: CAMPAIGN_DEFAULTS.pricePerLead,
      is_sponsor: i % 9 === 4,
      sponsor_ids: [],
      forever: !timed,
      started_at: timed ? started : null,
      ended_at: timed ? ended : null,
      created_at: created,
      updated_at: updated,
    });
    const section = SECTIONS[i % SECTIONS.length]!;
    const list: Array<Record<string, unknown>> = [
      {
        type: 'links',
        option: 'start_with',
        target: `https://${site.name}/${section}/`,
        sub_target: JSON.stringify(
          rnd.chance(0.3) ? [{ option: 'exact_match', value: `https://${site.name}/${section}/about/` }] : [],
        ),
      },
    ];
    if (rnd.chance(0.4))
      list.push({
        type: 'links',
        option: 'exact_match',
        target: `https://${site.name}/${section}/${topic.toLowerCase().replace(/\s+/g, '-')}/`,
        sub_target: '[]',
      });
    if (rnd.chance(0.3))
      list.push({ type: 'tags', option: 'exact_match', target: topic.toLowerCase().split(' ')[0]!, sub_target: '[]' });
    targets.push({ index: i, list });
  }

  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 200) {
    const inserted = await db
      .insertInto('campaigns')
      .values(rows.slice(start, start + 200) as never)
      .returning('id')
      .execute();
    ids.push(...inserted.map((r) => r.id));
  }
  const targetRows = targets.flatMap((t) =>
    t.list.map((x, position) => ({ ...x, campaign_id: ids[t.index]!, position, is_import: false })),
  );
  for (let start = 0; start < targetRows.length; start += 500) {
    await db
      .insertInto('campaign_targets')
      .values(targetRows.slice(start, start + 500) as never)
      .execute();
  }

  // A/B tests get 2 or 3 variants, active while the test runs.
  rows.forEach((r, i) => {
    if (r.type === CampaignType.AbTest)
      tests.push({ id: ids[i]!, running: r.status === CampaignStatus.AbTest, row: r });
  });
  for (const t of tests) {
    const names = ['Variant A', 'Variant B', 'Variant C'].slice(0, rnd.int(2, 3));
    const variants = names.map((name) => ({
      ...t.row,
      code: newCode(),
      name: `${t.row.name as string} - ${name}`,
      type: CampaignType.Variant,
      parent_id: t.id,
      status: t.running ? CampaignStatus.Active : CampaignStatus.Inactive,
      is_testing_running: false,
      is_schedule: false,
    }));
    const inserted = await db
      .insertInto('campaigns')
      .values(variants as never)
      .returning('id')
      .execute();
    for (const v of inserted) {
      await sql`INSERT INTO campaign_targets (campaign_id, position, type, option, target, sub_target, is_import)
        SELECT ${v.id}, position, type, option, target, sub_target, is_import FROM campaign_targets WHERE campaign_id = ${t.id}`.execute(
        db,
      );
    }
  }

  // Figures: a year of days while each campaign ran, pseudo-random from hashtext, so the same on every start.
  // The days are the time zone's: now there, as its clocks read, and its date.
  const localNow = sql`(${now}::timestamptz AT TIME ZONE ${opts.timeZone})`;
  const today = sql`${localNow}::date`;
  await sql`
    INSERT INTO campaign_daily_stats (campaign_id, day, impressions, visitors, clicks, submits, bounces, habit_exits, intentional_exits)
    SELECT id, day, imp, imp * 8 / 10, clk, clk / 4, imp * 3 / 10, imp / 10, imp / 20
    FROM (
      SELECT c.id, d::date AS day,
        40 + abs(hashtext(c.id || ':' || d::date)) % (200 + (c.id % 7) * 150) AS imp,
        (40 + abs(hashtext(c.id || ':' || d::date)) % (200 + (c.id % 7) * 150)) * (1 + abs(hashtext(d::date || ':' || c.id)) % 5) / 100 AS clk
      FROM campaigns c
      CROSS JOIN LATERAL generate_series(
        greatest((c.created_at AT TIME ZONE ${opts.timeZone})::date, ${today} - 365),
        CASE WHEN c.forever OR c.ended_at IS NULL THEN ${today} ELSE least((c.ended_at AT TIME ZONE ${opts.timeZone})::date, ${today}) END,
        interval '1 day') d
      WHERE c.status NOT IN (-2, 0)
    ) s
  `.execute(db);

  // Leads: most submits became a lead, at some second of their day.
  const first = [
    'An',
    'Binh',
    'Chi',
    'Dung',
    'Hoa',
    'Khanh',
    'Linh',
    'Mai',
    'Nam',
    'Phuong',
    'Quang',
    'Thu',
    'Siti',
    'Ayu',
    'Niran',
    'Aisha',
  ];
  const last = ['Nguyen', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu', 'Dang', 'Bui', 'Santoso', 'Wijaya', 'Srisai', 'Rahman'];
  // Each lead keeps its answers by field key (the form's own keys), and the article it came from
  // with that article's consent record (seed/consent.ts).
  await prepareDemoConsent(db);
  await sql`
    INSERT INTO leads (campaign_id, name, email, phone, phone_e164, data, page_url, created_at, revision_id, consent, consent_hash)
    SELECT s.campaign_id, p.name, p.email, p.phone, replace(p.phone, ' ', ''),
      jsonb_strip_nulls(jsonb_build_object(
        'name', p.name, 'email', p.email,
        'phone', CASE WHEN c.forms @> '[{"data":{"value":"phone"}}]' THEN p.phone END,
        'gender', CASE WHEN c.forms @> '[{"data":{"value":"gender"}}]' THEN (abs(hashtext(s.campaign_id || 'g' || s.day || n)) % 2)::text END,
        'terms', CASE WHEN c.forms @> '[{"data":{"value":"terms"}}]' THEN '1' END)),
      sc.page_url,
      -- At some second of its day that has passed: today's leads come before now, not later today.
      (s.day + make_interval(secs => abs(hashtext(s.campaign_id || ':' || s.day || ':' || n))
        % least(86400, greatest(1, extract(epoch FROM ${localNow} - s.day)::int)))) AT TIME ZONE ${opts.timeZone},
      sc.revision_id, sc.consent, sc.hash
    FROM campaign_daily_stats s
    JOIN campaigns c ON c.id = s.campaign_id
    CROSS JOIN LATERAL generate_series(1, s.submits * 9 / 10) n
    CROSS JOIN LATERAL (SELECT 1 + abs(hashtext(s.campaign_id || 'u' || n)) % ${DEMO_ARTICLES} AS k) a
    LEFT JOIN seed_consent sc ON sc.campaign_id = s.campaign_id AND sc.article = a.k
    CROSS JOIN LATERAL (SELECT
      (${first}::text[])[1 + abs(hashtext(s.campaign_id || 'f' || s.day || n)) % ${first.length}] AS fn,
      (${last}::text[])[1 + abs(hashtext(s.campaign_id || 'l' || s.day || n)) % ${last.length}] AS ln) f
    CROSS JOIN LATERAL (SELECT
      f.fn || ' ' || f.ln AS name,
      lower(f.fn) || '.' || lower(f.ln) || '.' || s.campaign_id || '.' || n || '@mail.test' AS email,
      '+84 9' || lpad((abs(hashtext(s.campaign_id || 'p' || s.day || n)) % 100000000)::text, 8, '0') AS phone) p
    ORDER BY s.day, s.campaign_id, n
  `.execute(db);
  // About one lead in twelve is a duplicate (issue #31): the previous lead of its campaign sent again.
  await sql`
    UPDATE leads l SET email = p.email, phone = p.phone, phone_e164 = p.phone_e164, duplicate = true,
      data = l.data || jsonb_strip_nulls(jsonb_build_object('email', CASE WHEN l.data ? 'email' THEN p.email END, 'phone', CASE WHEN l.data ? 'phone' THEN p.phone END))
    FROM (SELECT id, lag(id) OVER (PARTITION BY campaign_id ORDER BY id) AS prev FROM leads) w
    JOIN leads p ON p.id = w.prev
    WHERE w.id = l.id AND abs(hashtext('duplicate:' || l.id)) % 12 = 0
  `.execute(db);
  if (opts.bigLeadCampaign && ids[0]) {
    await sql`
      INSERT INTO leads (campaign_id, name, email, phone, phone_e164, created_at)
      SELECT ${ids[0]}, 'Reader ' || n, 'reader.' || n || '@mail.test', '+84 98' || lpad(n::text, 7, '0'), '+8498' || lpad(n::text, 7, '0'),
        ${now}::timestamptz - make_interval(secs => (${opts.bigLeadCampaign}::int - n) * (31536000 / ${opts.bigLeadCampaign}::int))
      FROM generate_series(1, ${opts.bigLeadCampaign}::int) n
    `.execute(db);
  }

  await rollUpLoadedFigures(db, opts.timeZone);

  // History of who made each campaign.
  const history = rows.map((r) => ({
    user_id: r.creator_id as number,
    site_id: r.site_id as number,
    icon: 'create',
    text: html`Created campaign <b>${r.name}</b>.`.value,
    created_at: r.created_at as Date,
  }));
  for (let start = 0; start < history.length; start += 200)
    await db
      .insertInto('history')
      .values(history.slice(start, start + 200))
      .execute();
}
