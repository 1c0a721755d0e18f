import type { FastifyPluginAsync } from 'fastify';
import actions from './actions.js';
import breakdown from './breakdown.js';
import crud from './crud.js';
import fields from './fields.js';
import leadExport from './export.js';
import leads from './leads.js';
import list from './list.js';
import preview from './preview.js';
import spam from './spam.js';
import targets from './targets.js';

/** Every campaign route of docs/api/campaigns.md: list, detail and save, actions, CSV targets, the lead table's pages, daily figures and breakdowns, the spam bin, where visitors give up, lead export. */
const campaigns: FastifyPluginAsync<{
  timeZone: string;
  now: () => Date;
  demoBase: string | null;
  adminUrl: string;
}> = async (app, opts) => {
  await app.register(list, opts);
  await app.register(crud, opts);
  await app.register(actions, opts);
  await app.register(targets, opts);
  await app.register(leads);
  await app.register(breakdown, { timeZone: opts.timeZone });
  await app.register(spam);
  await app.register(fields);
  await app.register(leadExport, { adminUrl: opts.adminUrl, timeZone: opts.timeZone });
  await app.register(preview, { demoBase: opts.demoBase });
};

export default campaigns;
