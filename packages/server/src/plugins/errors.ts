import { Messages, allMessages, type FieldErrors } from '@lead/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';
import { validationErrors, type AjvError } from '../lib/validate.js';

function send(status: number, message: string, errors?: FieldErrors) {
  return {
    _status: -1 as const,
    _data: null,
    _messages: errors ? allMessages(errors) : [message],
    message,
    ...(errors ? { errors } : {}),
  };
}

/**
 * Fastify's own refusals before routing (a bad percent-encoding, a path
 * segment past maxParamLength): answered in the envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : Messages.malformed;
  void reply.code(status).send(send(status, message));
}

/** The database cannot be reached (stopped, restarting, refusing connections): 503, not 500. */
const DB_AWAY_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
function databaseAway(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    (e.code !== undefined && DB_AWAY_CODES.has(e.code)) ||
    /Connection terminated|terminating connection|the database system is (starting up|shutting down)/i.test(
      e.message ?? '',
    )
  );
}

/** One place that answers every error with the envelope; 5xx never carry a stack or SQL. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send(send(error.statusCode, error.message, error.errors));
    }
    if (error.validation) {
      const errors = validationErrors(error.validation as AjvError[]);
      return reply.code(422).send(send(422, Messages.invalidData, errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send(send(413, Messages.fileTooLarge));
    }
    if (status === 415 || (status === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
      // A body that is not JSON, or a content type the route does not take: malformed (api.md).
      return reply
        .code(400)
        .send(
          send(400, error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : Messages.malformed),
        );
    }
    if (status === 400 && error instanceof SyntaxError) return reply.code(400).send(send(400, Messages.malformed));
    if (databaseAway(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(send(503, 'The service is briefly unavailable. Please try again in a few seconds.'));
    }
    if (status >= 400 && status < 500) return reply.code(status).send(send(status, error.message));
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(send(500, Messages.somethingWrong));
  });

  app.setNotFoundHandler((request, reply) => reply.code(404).send(send(404, Messages.notFound)));
});
