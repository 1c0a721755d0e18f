import { Messages, UPLOAD_LIMITS, fieldRequired, targetError, type CampaignTarget, type MatchOption, type TargetType } from '@lead/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { CsvParser, csvLine } from '../../lib/csv.js';
import { ok } from '../../lib/envelope.js';
import { html } from '../../lib/html.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { campaignDetail, replaceTargets, targetsOf } from '../../repositories/campaigns.js';
import { recordHistory } from '../../repositories/history.js';
import { IdParams, responses } from '../../schemas/common.js';
import { Detail } from '../../schemas/campaigns.js';
import { loadCampaign } from './shared.js';

/**
 * CSV targets: one row per target, `type,option,target,exclude`, where
 * `exclude` lists excluded links as `option:url` separated by `;`.
 */
export const CSV_HEADER = ['type', 'option', 'target', 'exclude'];
/** A file with more bad rows than this gets this many messages and a count of the rest. */
const MAX_ROW_MESSAGES = 500;

interface ParsedUpload {
  fields: Record<string, string>;
  fileName: string | null;
  rows: Array<{ line: number; fields: string[] }>;
}

/** Reads the multipart body, parsing the CSV as it streams in; the file is never buffered whole. */
async function readUpload(request: FastifyRequest): Promise<ParsedUpload> {
  if (!request.isMultipart()) throw HttpError.validation({ csv: [fieldRequired('csv')] });
  const out: ParsedUpload = { fields: {}, fileName: null, rows: [] };
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_LIMITS.csv.maxBytes, files: 1, fields: 10 } })) {
    if (part.type === 'field') {
      out.fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'csv') {
      part.file.resume();
      continue;
    }
    out.fileName = part.filename;
    const parser = new CsvParser();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      for await (const chunk of part.file) out.rows.push(...parser.push(decoder.decode(chunk as Buffer, { stream: true })));
      out.rows.push(...parser.push(decoder.decode()), ...parser.end());
    } catch (error) {
      if (error instanceof TypeError) throw new HttpError(415, Messages.fileTypeNotAllowed, { csv: ['The file is not UTF-8 text.'] });
      throw error;
    }
    if (part.file.truncated) throw new HttpError(413, Messages.fileTooLarge, { csv: [Messages.fileTooLarge] });
  }
  if (out.fileName === null) throw HttpError.validation({ csv: [fieldRequired('csv')] });
  return out;
}

/** The targets of a parsed file, or 422 with one message per bad row. */
function targetsFrom(upload: ParsedUpload, host: string): CampaignTarget[] {
  const [header, ...rows] = upload.rows;
  const names = (header?.fields ?? []).map((h) => h.trim().toLowerCase());
  const col = (name: string) => names.indexOf(name);
  if (!header || col('type') < 0 || col('option') < 0 || col('target') < 0) {
    throw HttpError.validation({ csv: [`The first row must be the header ${CSV_HEADER.join(',')}.`] }, `The first row must be the header ${CSV_HEADER.join(',')}.`);
  }
  if (rows.length === 0) throw HttpError.validation({ csv: ['The file has no targets.'] }, 'The file has no targets.');
  const messages: string[] = [];
  let bad = 0;
  const targets: CampaignTarget[] = [];
  for (const row of rows) {
    const get = (name: string) => (col(name) >= 0 ? (row.fields[col(name)] ?? '').trim() : '');
    const exclude = get('exclude');
    const subTargets = exclude
      ? exclude.split(';').filter((s) => s.trim()).map((s) => {
          const at = s.indexOf(':');
          return { option: s.slice(0, at).trim() as MatchOption, value: s.slice(at + 1).trim() };
        })
      : [];
    const target = { type: get('type').toLowerCase() as TargetType, option: get('option').toLowerCase() as MatchOption, target: get('target'), sub_target: subTargets, is_import: true };
    const problem = targetError(target, host);
    if (problem) {
      bad++;
      if (messages.length < MAX_ROW_MESSAGES) messages.push(`Row ${row.line}: ${problem}`);
    } else targets.push(target);
  }
  if (bad > messages.length) messages.push(`${bad - messages.length} more rows have errors.`);
  if (messages.length) throw HttpError.validation({ csv: messages }, messages[0]);
  return targets;
}

async function siteHost(app: FastifyInstance, siteId: number): Promise<string> {
  const site = await app.db.selectFrom('sites').select('name').where('id', '=', siteId).executeTakeFirst();
  if (!site) throw notFound();
  return site.name;
}

const SiteId = Type.Object({ site_id: Type.Integer({ minimum: 1 }) });

const routes: FastifyPluginAsyncTypebox<{ timeZone: string; now: () => Date }> = async (app, { timeZone, now }) => {
  app.post('/campaign/validation', { schema: { response: responses(Type.Null()) } }, async (request) => {
    const upload = await readUpload(request);
    const siteId = Number(upload.fields.site_id);
    if (!Number.isInteger(siteId) || siteId < 1) throw HttpError.validation({ site_id: [Messages.siteRequired] }, Messages.siteRequired);
    app.assertSites(request.user, [siteId]);
    const targets = targetsFrom(upload, await siteHost(app, siteId));
    return ok(null, `${targets.length} targets are valid.`);
  });

  app.post('/campaign/csv/sample', { schema: { body: SiteId } }, async (request, reply) => {
    app.assertSites(request.user, [request.body.site_id]);
    const host = await siteHost(app, request.body.site_id);
    const body =
      csvLine(CSV_HEADER) +
      csvLine(['links', 'start_with', `https://${host}/health/`, `exact_match:https://${host}/health/about;start_with:https://${host}/health/news/`]) +
      csvLine(['links', 'exact_match', `https://${host}/pregnancy/first-trimester/`, '']) +
      csvLine(['tags', 'exact_match', 'nutrition', '']);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="targets-sample-${host}.csv"`)
      .send(body);
  });

  app.post(
    '/campaign/:id',
    { schema: { params: IdParams, querystring: Type.Object({ _target: Type.String() }), response: responses(Type.Object({ model: Detail })) } },
    async (request) => {
      const row = await loadCampaign(app, request.user, request.params.id, 'edit');
      const upload = await readUpload(request);
      const targets = targetsFrom(upload, await siteHost(app, row.site_id));
      await app.db.transaction().execute(async (trx) => {
        await replaceTargets(trx, row.id, targets);
        await trx
          .updateTable('campaigns')
          .set({
            is_target_import: true,
            extra_fields: sql`jsonb_set(extra_fields, '{csvName}', to_jsonb(${upload.fileName ?? 'targets.csv'}::text))`,
            updated_at: now(),
          })
          .where('id', '=', row.id)
          .execute();
        await recordHistory(trx, { userId: request.user.id, siteId: row.site_id, icon: 'import', text: html`Imported ${targets.length} targets into campaign <b>${row.name}</b>.` });
      });
      return ok({ model: (await campaignDetail(app.db, row.id, timeZone, now()))! }, 'Campaign has been updated!');
    },
  );

  app.get('/campaign/:id/targets/csv', { schema: { params: IdParams } }, async (request, reply) => {
    const row = await loadCampaign(app, request.user, request.params.id);
    const targets = await targetsOf(app.db, row.id);
    let body = csvLine(CSV_HEADER);
    for (const t of targets) body += csvLine([t.type, t.option, t.target, t.sub_target.map((s) => `${s.option}:${s.value}`).join(';')]);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="campaign-${row.id}-targets.csv"`)
      .send(body);
  });
};

export default routes;
