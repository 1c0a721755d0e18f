import { ACTION_REFUSALS, canDo, type CampaignAction, type CampaignStatus, type CampaignType } from '@lead/contract';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../lib/http-error.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { CampaignRow } from '../../repositories/campaigns.js';

/** A live campaign on one of the caller's sites (404, 403), that allows `action` (409 with the reason). */
export async function loadCampaign(
  app: FastifyInstance,
  user: AuthUser,
  id: number,
  action?: CampaignAction,
): Promise<CampaignRow> {
  const row = await app.campaigns.find(id);
  if (!row) throw notFound();
  app.assertSites(user, [row.site_id]);
  if (
    action &&
    !canDo(
      {
        type: row.type as CampaignType,
        status: row.status as CampaignStatus,
        is_testing_running: row.is_testing_running,
      },
      action,
    )
  ) {
    throw conflict(ACTION_REFUSALS[action]);
  }
  return row;
}
