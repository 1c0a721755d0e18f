import {
  Messages,
  UPLOAD_LIMITS,
  targetError,
  type CampaignTarget,
  type MatchOption,
  type TargetType,
} from '@lead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotUtf8Error, csvLine, csvRecords, unneutralise } from '../../lib/csv.js';
import { MAX_INT, badValue } from '../../lib/input.js';
import { chunksOf, spool, type SpooledFile } from '../../lib/multipart.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { TARGET_BATCH } from '../../repositories/campaigns.js';
import { recordHistory } from '../../repositories/history.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { ADMIN_PREFIX, campaignTargetsApi } from '@lead/contract/api';
import { loadCampaign } from './shared.js';

/**
 * CSV targets: one row per target, `type,option,target,exclude`, where
 * `exclude` lists excluded links as `option:url` separated by `;`.
 */
export const CSV_HEADER = ['type', 'option', 'target', 'exclude'];
/** A file with more bad rows than this gets this many messages and a count of the rest. */
const MAX_ROW_MESSAGES = 500;

/** The CSV file of a multipart request, spooled to disk (never held in memory whole). */
const spoolCsv = (request: FastifyRequest) =>
  spool(request, { fileField: 'csv', maxBytes: UPLOAD_LIMITS.csv.maxBytes, tooLarge: [Messages.fileTooLarge] });

/**
 * The targets of a spooled CSV file, one at a time, as `[line, target]` or
 * `[line, problem]`; the header is checked first. Memory is one record's.
 */
async function* csvTargets(
  file: SpooledFile,
  host: string,
): AsyncGenerator<{ line: number; target?: CampaignTarget; problem?: string }> {
  let col: ((name: string) => number) | null = null;
  try {
    for await (const row of csvRecords(chunksOf(file.path))) {
      if (!col) {
        const names = row.fields.map((h) => h.trim().toLowerCase());
        col = (name: string) => names.indexOf(name);
        if (col('type') < 0 || col('option') < 0 || col('target') < 0) throw headerMissing();
        continue;
      }
      const at = col;
      const get = (name: string) => (at(name) >= 0 ? unneutralise((row.fields[at(name)] ?? '').trim()) : '');
      const exclude = get('exclude');
      const subTargets = exclude
        ? exclude
            .split(';')
            .filter((s) => s.trim())
            .map((s) => {
              const i = s.indexOf(':');
              return { option: s.slice(0, i).trim() as MatchOption, value: s.slice(i + 1).trim() };
            })
        : [];
      const target = {
        type: get('type').toLowerCase() as TargetType,
        option: get('option').toLowerCase() as MatchOption,
        target: get('target'),
        sub_target: subTargets,
        is_import: true,
      };
      const problem =
        targetError(target, host) ?? (badValue(target) ? 'The row contains a character that is not allowed.' : null);
      yield problem ? { line: row.line, problem } : { line: row.line, target };
    }
  } catch (error) {
    if (error instanceof NotUtf8Error) throw new HttpError(415, Messages.fileTypeNotAllowed, { csv: [error.message] });
    throw error;
  }
  if (!col) throw headerMissing();
}

const headerMissing = () => {
  const message = `The first row must be the header ${CSV_HEADER.join(',')}.`;
  return HttpError.validation({ csv: [message] }, message);
};

/** Reads the whole file once: the number of targets, or 422 with one message per bad row (the first 500). */
async function checkCsv(file: SpooledFile, host: string): Promise<number> {
  const messages: string[] = [];
  let bad = 0;
  let good = 0;
  for await (const row of csvTargets(file, host)) {
    if (row.target) good++;
    else {
      bad++;
      if (messages.length < MAX_ROW_MESSAGES) messages.push(`Row ${row.line}: ${row.problem}`);
    }
  }
  if (bad > messages.length) messages.push(`${bad - messages.length} more rows have errors.`);
  if (messages.length) throw HttpError.validation({ csv: messages }, messages[0]);
  if (good === 0) throw HttpError.validation({ csv: ['The file has no targets.'] }, 'The file has no targets.');
  return good;
}

async function siteHost(app: FastifyInstance, siteId: number): Promise<string> {
  const site = await app.campaigns.site(siteId);
  if (!site) throw notFound();
  return site.name;
}

const routes: FastifyPluginAsyncTypebox<{ now: () => Date }> = async (app, { now }) => {
  app.post(
    wirePath(campaignTargetsApi.validation, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignTargetsApi.validation), config: { wire: true } },
    async (request) => {
      const upload = await spoolCsv(request);
      try {
        const siteId = Number(upload.fields.site_id);
        if (!/^\d{1,10}$/.test(upload.fields.site_id ?? '') || siteId < 1 || siteId > MAX_INT) {
          throw HttpError.validation({ site_id: [Messages.siteRequired] }, Messages.siteRequired);
        }
        app.assertSites(request.user, [siteId]);
        const count = await checkCsv(upload.file, await siteHost(app, siteId));
        return ok(null, `${count} targets are valid.`);
      } finally {
        await upload.discard();
      }
    },
  );

  app.post(
    wirePath(campaignTargetsApi.sample, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignTargetsApi.sample), config: { wire: true } },
    async (request, reply) => {
      app.assertSites(request.user, [request.body.site_id]);
      const host = await siteHost(app, request.body.site_id);
      const body =
        csvLine(CSV_HEADER) +
        csvLine([
          'links',
          'start_with',
          `https://${host}/health/`,
          `exact_match:https://${host}/health/about;start_with:https://${host}/health/news/`,
        ]) +
        csvLine(['links', 'exact_match', `https://${host}/pregnancy/first-trimester/`, '']) +
        csvLine(['tags', 'exact_match', 'nutrition', '']);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="targets-sample-${host}.csv"`)
        .send(body);
    },
  );

  app.post(
    wirePath(campaignTargetsApi.import, 'POST', ADMIN_PREFIX),
    { schema: wireSchema(campaignTargetsApi.import), config: { wire: true } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id, 'edit');
      const upload = await spoolCsv(request);
      try {
        const file = upload.file;
        const host = await siteHost(app, row.site_id);
        // First pass: every row checked, nothing written. Second: written in batches, in one transaction.
        const count = await checkCsv(file, host);
        await app.db.transaction().execute(async (trx) => {
          await app.campaigns.replaceTargets(row.id, [], trx);
          let batch: CampaignTarget[] = [];
          let position = 0;
          for await (const r of csvTargets(file, host)) {
            batch.push(r.target!);
            if (batch.length === TARGET_BATCH) {
              await app.campaigns.insertTargets(row.id, batch, position, trx);
              position += batch.length;
              batch = [];
            }
          }
          await app.campaigns.insertTargets(row.id, batch, position, trx);
          await app.campaigns.markImported(row.id, file.name || 'targets.csv', now(), trx);
          await recordHistory(trx, {
            userId: request.user.id,
            siteId: row.site_id,
            icon: 'import',
            text: html`Imported ${count} targets into campaign <b>${row.name}</b>.`,
          });
        });
      } finally {
        await upload.discard();
      }
      return ok({ model: (await app.campaigns.detail(row.id))! }, 'Campaign has been updated!');
    },
  );

  app.get(
    wirePath(campaignTargetsApi.csv, 'GET', ADMIN_PREFIX),
    { schema: wireSchema(campaignTargetsApi.csv), config: { wire: true } },
    async (request, reply) => {
      const row = await loadCampaign(app, request.user, request.params.id);
      const targets = await app.campaigns.targets(row.id);
      let body = csvLine(CSV_HEADER);
      for (const t of targets)
        body += csvLine([t.type, t.option, t.target, t.sub_target.map((s) => `${s.option}:${s.value}`).join(';')]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="campaign-${row.id}-targets.csv"`)
        .send(body);
    },
  );
};

export default routes;
