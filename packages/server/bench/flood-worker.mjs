// The flood of the "admin under flood" row (bench/flood.ts), in a worker thread of its own so
// that generating it does not slow the admin's requests measured on the main thread. Each
// connection is one of `addresses` callers (X-Forwarded-For; the server trusts one proxy) and
// sends page views as fast as it is answered, each a new visitor: impression and click.
import { randomBytes } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { base, code, seconds, addresses, perAddress, origin, userAgent } = workerData;
let next = 0;
const body = () =>
  JSON.stringify({
    site_id: 1,
    visitor_id: randomBytes(9).toString('base64url'),
    events: [
      { code, type: 'impression', at: Date.now() },
      { code, type: 'click', at: Date.now() },
    ],
  });
const result = await autocannon({
  url: `${base}/api/public/events`,
  method: 'POST',
  connections: addresses * perAddress,
  duration: seconds,
  headers: { 'content-type': 'text/plain', origin, 'user-agent': userAgent },
  requests: [
    {
      setupRequest: (req, context) => {
        context.ip ??= `10.66.0.${(next++ % addresses) + 1}`;
        return { ...req, headers: { ...req.headers, 'x-forwarded-for': context.ip }, body: body() };
      },
    },
  ],
});
const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, s]) => [status, s.count]));
const answered = Object.values(statuses).reduce((n, c) => n + c, 0);
parentPort.postMessage({ rps: answered / seconds, statuses, errors: result.errors });
