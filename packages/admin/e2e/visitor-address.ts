/**
 * An address of its own for each visitor, as real visitors have. Every browser of the journeys
 * reaches the server from 127.0.0.1, so the runtime's limits per address (page views, challenges
 * and leads a minute) would count the visitors of all the journeys running at once as one person,
 * and answer 429 once they pass 60 page views in a minute.
 *
 * A visitor's browser context goes through a forward proxy of its own on this machine, which sends
 * each request on to 127.0.0.1 with `X-Forwarded-For: <the visitor's address>`; the journeys' server
 * trusts that header from loopback only (TRUST_PROXY in global-setup.ts), as a server behind a
 * load balancer does. The browser never sees the header, so CORS and its preflights are the real ones.
 */
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface VisitorProxy {
  /** The proxy's URL, for a browser context's `proxy.server`. */
  server: string;
  close(): void;
}

/** Headers between the browser and its proxy, not for the server. */
const HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'];

const without = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP.includes(name)));

const octet = () => 1 + Math.floor(Math.random() * 254);

/** A proxy for one visitor, whom the server sees at 10.x.y.z, picked at random. */
export async function visitorProxy(): Promise<VisitorProxy> {
  const address = `10.${octet()}.${octet()}.${octet()}`;
  const tunnels = new Set<Socket>();
  const proxy = createServer((req, res) => {
    // A proxied request names its whole URL; every host of the journeys is this machine.
    const url = new URL(req.url!);
    const upstream = request(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        path: url.pathname + url.search,
        method: req.method,
        headers: { ...without(req.headers), 'x-forwarded-for': address },
        // A new connection per request: a kept one could be closed by the server's idle timeout
        // just as the proxy reuses it, which a browser would retry and this proxy would not.
        agent: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, without(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  // A tunnel (a WebSocket, or HTTPS) goes through as it is.
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    const port = Number(new URL(`http://${req.url}`).port || 443);
    const server = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      server.write(head);
      server.pipe(client).pipe(server);
    });
    for (const s of [client, server]) {
      tunnels.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        tunnels.delete(s);
        client.destroy();
        server.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    server: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close() {
      proxy.close();
      proxy.closeAllConnections();
      for (const s of tunnels) s.destroy();
    },
  };
}
