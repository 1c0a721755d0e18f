import { hashPassword, type ScryptParams } from '../lib/crypto.js';
import { html } from '../lib/html.js';
import type { Executor } from '../db/types.js';
import type { Random } from './random.js';
import { SITES } from './reference.js';

export const DEMO_PASSWORD = 'Password123!';

export const DEMO_USERS = [
  { email: 'system@lead.test', first_name: 'Sam', last_name: 'System', role: 'system', sites: 'all' },
  { email: 'leader@lead.test', first_name: 'Linh', last_name: 'Leader', role: 'campaign-leader', sites: 'all' },
  { email: 'member@lead.test', first_name: 'Minh', last_name: 'Member', role: 'campaign-member', sites: [1, 2] },
  // An admin limited to three sites: sees and changes only users and clients within them.
  { email: 'limited@lead.test', first_name: 'Lena', last_name: 'Limited', role: 'campaign-leader', sites: [5, 7, 12] },
] as const;

const STAFF = [
  ['An', 'Nguyen'],
  ['Budi', 'Santoso'],
  ['Chai', 'Wongsa'],
  ['Dewi', 'Lestari'],
  ['Farah', 'Aziz'],
  ['Hsu', 'Mei'],
  ['Sok', 'Dara'],
  ['Thiri', 'Aung'],
  ['Priya', 'Sharma'],
  ['Jose', 'Reyes'],
  ['Lan', 'Tran'],
  ['Arjun', 'Mehta'],
] as const;

const CLIENT_NAMES = [
  'Medipharm',
  'Nutrimax',
  'CareLab Diagnostics',
  'Vitacore',
  'Mommy Milk',
  'DermaGlow',
  'CardioPlus',
  'SleepWell',
  'Oralis Dental',
  'OptiVision',
  'FitLife Gym',
  'HealthShield Insurance',
  'Pediatrix',
  'BoneStrong',
  'Immuno Labs',
  'GlucoCare',
  'Herbal Roots',
  'BabySteps',
  'PureWater',
  'MindEase',
  'Allergon',
  'JointFlex',
  'Lactiva',
  'SunSafe',
  'HearClear',
  'Nutribaby',
  'Kidney Care Center',
  'LiverLife',
  'SkinFirst Clinic',
  'Happy Tummy',
  'OmegaVital',
  'EyeCare Hub',
] as const;

const SPONSORS = ['Gold partner', 'Silver partner', 'Health week', 'Clinic network', 'Pharmacy chain', 'Wellness fair'];

const ALL_SITES: number[] = SITES.map((s) => s.id);

/** Users, clients and sponsors of the demo; returns ids that the campaign seed needs. */
export async function seedAccounts(db: Executor, rnd: Random, now: Date, passwordHash: ScryptParams) {
  const roles = Object.fromEntries(
    (await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000 - rnd.int(0, 86_399) * 1000);

  const demo = DEMO_USERS.map((u) => ({
    ...u,
    siteIds: u.sites === 'all' ? ALL_SITES : [...u.sites],
    status: 1,
    late: false,
  }));
  const people = [
    ...demo.slice(0, 3),
    ...STAFF.map(([first_name, last_name], i) => ({
      email: `${first_name}.${last_name}@lead.test`.toLowerCase(),
      first_name,
      last_name,
      role: i % 4 === 0 ? 'campaign-leader' : 'campaign-member',
      siteIds: rnd.sample(ALL_SITES, rnd.int(1, 4)).sort((a, b) => a - b),
      status: i % 5 === 4 ? 0 : 1,
      late: false,
    })),
    // The limited admin came later: added last, with a date of its own, so that the rest of the demo stays as it was.
    ...demo.slice(3).map((u) => ({ ...u, late: true })),
  ];
  // One hash for every demo account (they share the published password): one scrypt, not sixteen.
  const demoHash = await hashPassword(DEMO_PASSWORD, passwordHash);
  const userIds: number[] = [];
  for (const [i, p] of people.entries()) {
    const created = p.late ? new Date(now.getTime() - 30 * 86_400_000) : daysAgo(400 - i * 7);
    const { id } = await db
      .insertInto('users')
      .values({
        email: p.email,
        first_name: p.first_name,
        last_name: p.last_name,
        status: p.status,
        role_id: roles[p.role]!,
        password_hash: demoHash,
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(id);
    await db
      .insertInto('user_sites')
      .values(p.siteIds.map((site_id) => ({ user_id: id, site_id })))
      .execute();
  }
  const managers = userIds
    .slice(0, 2)
    .concat(userIds.filter((_, i) => people[i]!.role === 'campaign-leader' && !people[i]!.late));

  const clients: Array<{ id: number; siteIds: number[] }> = [];
  for (const [i, name] of CLIENT_NAMES.entries()) {
    // Every site has at least two clients; some clients work on several sites.
    const siteIds = [...new Set([(i % 12) + 1, ...(rnd.chance(0.4) ? rnd.sample(ALL_SITES, rnd.int(1, 2)) : [])])].sort(
      (a, b) => a - b,
    );
    const created = daysAgo(380 - i * 5);
    const { id } = await db
      .insertInto('clients')
      .values({
        name,
        contact_name: `${rnd.pick(STAFF)[0]} ${rnd.pick(STAFF)[1]}`,
        phone_number: `+84 9${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
        title: rnd.pick(['Brand Manager', 'Marketing Lead', 'Digital Director', 'Product Owner']),
        email: `contact@${name.toLowerCase().replace(/[^a-z]+/g, '')}.test`,
        manager_id: rnd.pick(managers),
        created_at: created,
        updated_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('client_sites')
      .values(siteIds.map((site_id) => ({ client_id: id, site_id })))
      .execute();
    clients.push({ id, siteIds });
    await db
      .insertInto('history')
      .values({
        user_id: rnd.pick(managers),
        site_id: siteIds[0]!,
        icon: 'create',
        text: html`Created client <b>${name}</b>.`.value,
        created_at: created,
      })
      .execute();
  }

  // Users work for the clients on their sites.
  for (const [i, p] of people.entries()) {
    const mine = clients.filter((c) => c.siteIds.some((s) => p.siteIds.includes(s))).map((c) => c.id);
    if (mine.length)
      await db
        .insertInto('user_clients')
        .values(mine.map((client_id) => ({ user_id: userIds[i]!, client_id })))
        .execute();
  }

  for (const site of SITES) {
    const names = rnd.sample(SPONSORS, rnd.int(2, 4));
    await db
      .insertInto('sponsors')
      .values(names.map((n) => ({ site_id: site.id, name: `${site.label} ${n}` })))
      .execute();
  }

  return { userIds, clients };
}

/** DEMO=0: only the first admin, with the system role on every site. */
export async function seedFirstAdmin(
  db: Executor,
  email: string,
  password: string,
  passwordHash: ScryptParams,
): Promise<void> {
  const role = await db.selectFrom('roles').select('id').where('name', '=', 'system').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('users')
    .values({
      email: email.trim().toLowerCase(),
      first_name: 'Admin',
      last_name: '',
      status: 1,
      role_id: role.id,
      password_hash: await hashPassword(password, passwordHash),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_sites')
    .values(ALL_SITES.map((site_id) => ({ user_id: id, site_id })))
    .execute();
}
