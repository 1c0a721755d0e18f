// The flood of the "admin under flood" row (bench/flood.ts), in a worker thread of its own so
// that generating it does not slow the admin's requests measured on the main thread. Each of
// `addresses` callers is a loopback address of its own (127.0.0.2, 127.0.0.3…: the server sees
// them as they are) holding `perAddress` keep-alive connections, each sending POST events as fast
// as it is answered, a new visitor each time, a full batch of 100 events (an impression and 99
// clicks), as the flood did. A connection the server closes is opened again at once.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const { port, code, seconds, addresses, perAddress, origin, userAgent } = workerData;
const statuses = {};
let closed = 0;
const until = Date.now() + seconds * 1000;
const request = () => {
  const body = JSON.stringify({
    site_id: 1,
    visitor_id: randomBytes(9).toString('base64url'),
    events: Array.from({ length: 100 }, (_, i) => ({ code, type: i ? 'click' : 'impression', at: Date.now() })),
  });
  return `POST /api/public/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: text/plain\r\nOrigin: ${origin}\r\nUser-Agent: ${userAgent}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
};

function run(localAddress) {
  return new Promise((resolve) => {
    if (Date.now() > until) return resolve();
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let buffer = '';
    const send = () => (Date.now() > until ? socket.end() : socket.write(request()));
    socket.on('connect', send);
    socket.on('data', (d) => {
      buffer += d;
      for (;;) {
        const head = buffer.indexOf('\r\n\r\n');
        if (head < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, head))?.[1] ?? 0);
        if (buffer.length < head + 4 + length) return;
        const status = buffer.slice(9, 12);
        statuses[status] = (statuses[status] ?? 0) + 1;
        buffer = buffer.slice(head + 4 + length);
        send();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (Date.now() <= until) closed += 1;
      setImmediate(() => run(localAddress).then(resolve));
    });
  });
}

const all = [];
for (let a = 0; a < addresses; a++) for (let c = 0; c < perAddress; c++) all.push(run(`127.0.0.${a + 2}`));
await Promise.all(all);
const answered = Object.values(statuses).reduce((n, c) => n + c, 0);
parentPort.postMessage({ rps: answered / seconds, statuses, errors: closed });
