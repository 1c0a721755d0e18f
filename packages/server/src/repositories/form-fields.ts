/** Where visitors give up (docs/decisions/0009): a campaign's form figures per field, summed over its days. */
import type { FormFields } from '@lead/contract/api';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

export async function formFieldFigures(db: Kysely<DB>, campaignId: number): Promise<FormFields> {
  const rows = await db
    .selectFrom('campaign_daily_fields')
    .select((eb) => ['field', eb.fn.sum<string>('started').as('started'), eb.fn.sum<string>('dropped').as('dropped')])
    .where('campaign_id', '=', campaignId)
    .groupBy('field')
    .orderBy('field')
    .execute();
  const fields = rows.map((r) => ({ field: Number(r.field), started: Number(r.started), dropped: Number(r.dropped) }));
  return { started: fields.reduce((n, f) => n + f.started, 0), fields };
}
