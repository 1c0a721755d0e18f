import type { Executor } from '../db/types.js';

/** Roles and the 12 partner sites: reference data every database has, demo or not. */

export const ROLES = [
  { name: 'system', display_name: 'System', description: 'Full access, including users and clients.' },
  {
    name: 'campaign-leader',
    display_name: 'Campaign Leader',
    description: 'Leads campaign work; manages users and clients.',
  },
  {
    name: 'campaign-member',
    display_name: 'Campaign Member',
    description: 'Builds and runs campaigns on assigned sites.',
  },
] as const;

export const SITES = [
  {
    id: 1,
    name: 'bacsi-online.vn',
    label: 'Bacsi Online',
    country_id: 'VN',
    flag: '🇻🇳',
    description: 'Vietnamese health news and doctor Q&A',
  },
  {
    id: 2,
    name: 'mebau.vn',
    label: 'Me Bau',
    country_id: 'VN',
    flag: '🇻🇳',
    description: 'Pregnancy and parenting in Vietnam',
  },
  {
    id: 3,
    name: 'sehatku.id',
    label: 'Sehatku',
    country_id: 'ID',
    flag: '🇮🇩',
    description: 'Indonesian health information',
  },
  { id: 4, name: 'bundaku.id', label: 'Bundaku', country_id: 'ID', flag: '🇮🇩', description: 'Indonesian parenting' },
  {
    id: 5,
    name: 'sukhapap.co.th',
    label: 'Sukhapap',
    country_id: 'TH',
    flag: '🇹🇭',
    description: 'Thai health and wellbeing',
  },
  {
    id: 6,
    name: 'doktorku.my',
    label: 'Doktorku',
    country_id: 'MY',
    flag: '🇲🇾',
    description: 'Malaysian health information',
  },
  { id: 7, name: 'jiankang.tw', label: 'Jiankang', country_id: 'TW', flag: '🇹🇼', description: 'Taiwanese health news' },
  {
    id: 8,
    name: 'sokhapheap.com.kh',
    label: 'Sokhapheap',
    country_id: 'KH',
    flag: '🇰🇭',
    description: 'Cambodian health information',
  },
  {
    id: 9,
    name: 'kyanmar.com.mm',
    label: 'Kyanmar',
    country_id: 'MM',
    flag: '🇲🇲',
    description: 'Myanmar health information',
  },
  {
    id: 10,
    name: 'swasthya.in',
    label: 'Swasthya',
    country_id: 'IN',
    flag: '🇮🇳',
    description: 'Indian health and fitness',
  },
  {
    id: 11,
    name: 'kalusugan.ph',
    label: 'Kalusugan',
    country_id: 'PH',
    flag: '🇵🇭',
    description: 'Philippine health information',
  },
  {
    id: 12,
    name: 'healthgroup.global',
    label: 'Health Group',
    country_id: 'HHG',
    flag: '🌏',
    description: 'Group-wide health content hub',
  },
] as const;

export async function seedReference(db: Executor): Promise<void> {
  await db
    .insertInto('roles')
    .values([...ROLES])
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('sites')
    .values(SITES.map((s) => ({ ...s, cms_base: null })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
