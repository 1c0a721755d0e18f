/**
 * Helmet's security headers (CSP, HSTS, frame and sniffing rules...), worked out once at start
 * and set on every answer. `@fastify/helmet` built helmet's middleware again on every request,
 * parsing the CSP each time (about 50 µs a request, measured by `npm run bench:runtime`); the
 * headers never depend on the request, so they are the same. A route opts out with
 * `config: { securityHeaders: false }` (the public API: JSON read by other sites' scripts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route sets no security headers of helmet's. */
    securityHeaders?: boolean;
  }
}

/** The headers helmet sets with `options`, as name → value. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

export default fp(async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false) void reply.headers(headers);
    done();
  });
});
