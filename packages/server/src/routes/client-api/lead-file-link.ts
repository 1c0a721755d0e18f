import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CLIENT_API_PREFIX, verdictsApi } from '@lead/contract/api';
import { ok } from '../../lib/envelope.js';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { toWire } from '../../lib/time.js';
import { readVerdictLink } from '../../lib/verdict-links.js';
import { wirePath, wireSchema } from '../../lib/wire.js';
import { linkedFile, linkedLeads, type LinkedFile } from '../../repositories/lead-file-verdicts.js';
import { runtimeSecret } from '../../repositories/runtime-secrets.js';
import { CLIENT_API_RATE } from './index.js';
import { checkedVerdicts } from './items.js';

const gone = (message: string) => new HttpError(410, message);

/**
 * A lead file's verdict link (docs/api/verdicts.md): the client, without an account, reads the
 * file's leads and gives its verdicts on them, by the same rules as the client API. The token is
 * the signature: 422 for one of another shape, 401 for one this server did not sign, 410 once it
 * has expired (or its file is gone); each file's link is rate-limited as a key is.
 */
const routes: FastifyPluginAsyncTypebox<{ timeZone: string; now: () => Date }> = async (app, opts) => {
  let secret: Promise<string> | null = null;
  const serverSecret = () =>
    (secret ??= runtimeSecret(app.db, 'server').catch((error: unknown) => {
      secret = null;
      throw error;
    }));

  async function fileOf(token: string): Promise<{ file: LinkedFile; expiresAt: Date }> {
    const link = readVerdictLink(await serverSecret(), token, opts.now());
    if (link === 'malformed') throw HttpError.validation({ token: ['This is not a verdict link.'] });
    if (link === 'forged') throw unauthorized('This verdict link is not valid: open the link of the mail as it is.');
    if (link === 'expired') throw gone('This verdict link has expired: its window for verdicts is over.');
    await app.throttle.hit([{ bucket: 'verdict-link', key: String(link.fileId), ...CLIENT_API_RATE }]);
    const file = await linkedFile(app.db, link.fileId, link.clientId);
    if (!file) throw gone('This lead file is no longer kept.');
    return { file, expiresAt: link.expiresAt };
  }

  app.get(
    wirePath(verdictsApi.readLink, 'GET', CLIENT_API_PREFIX),
    { schema: wireSchema(verdictsApi.readLink), config: { access: 'public', wire: true } },
    async (request) => {
      const { file, expiresAt } = await fileOf(request.params.token);
      return ok({
        client_name: file.client_name,
        sent_at: toWire(file.sent_at, opts.timeZone),
        expires_at: toWire(expiresAt, opts.timeZone)!,
        window_days: file.window_days,
        leads: await linkedLeads(app.db, file, opts.timeZone),
      });
    },
  );

  app.post(
    wirePath(verdictsApi.recordLink, 'POST', CLIENT_API_PREFIX),
    { schema: wireSchema(verdictsApi.recordLink), config: { access: 'public', wire: true } },
    async (request) => {
      const { file } = await fileOf(request.params.token);
      const items = checkedVerdicts(request.body.verdicts);
      const giver = { keyId: null, clientId: file.client_id, clientName: file.client_name };
      return ok({ results: await app.verdicts.record(giver, items, new Set(file.lead_ids)) });
    },
  );
};

export default routes;
