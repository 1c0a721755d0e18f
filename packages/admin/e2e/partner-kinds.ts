/**
 * Partner pages as partners' developers build them (#32), served by a small HTTP server of the
 * test's own (another company's site, not ours) at healthgroup.global on a port of its own, so that
 * the page, the loader and the API are on three origins as on a real partner site. One kind per
 * first path segment; `?embed=0` serves the same page without the loader (to compare what the embed
 * costs, `bench/partners.ts`).
 *
 * - `/wp/…`      a server-rendered article, WordPress-like markup (`.entry-content`, widgets, a footer)
 * - `/spa/…`     a single-page app: one HTML, client-side routing with history.pushState, the new
 *                article and its `lead:tags` rendered after the address changes; `/spa/t/TAG/…` is tagged TAG
 * - `/csp/…`     a strict Content-Security-Policy (no 'unsafe-*'), the page's own CSS and script as files
 * - `/nonce/…`   a nonce-based CSP (`'nonce-…' 'strict-dynamic'`), the loader's tag carrying the nonce
 * - `/gtm/…`     the loader injected by a tag manager's script after the page loaded
 * - `/hostile/…` aggressive global CSS (`* { all: unset }`, `button { display: none }`)
 * - `/twice/…`   the loader's tag twice
 * - `/mobile/…`  a long mobile article (the tests open it at 360 px, with touch)
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const NONCE = 'cGFydG5lci1ub25jZQ';
const PARAGRAPH =
  'Most people can lower their risk with a few steady habits: regular sleep, a short walk every day and fewer sugary drinks. Doctors recommend a check-up once a year.';
const article = (title: string, paragraphs = 8) =>
  `<h1>${title}</h1>\n` +
  Array.from({ length: paragraphs }, (_, i) => `${i % 3 === 2 ? `<h2>Part ${i}</h2>\n` : ''}<p>${PARAGRAPH}</p>`).join(
    '\n',
  );

const SITE_CSS = `body{font:17px/1.6 Georgia,serif;color:#222;margin:0;background:#fafaf7}
header,footer{background:#0b5d4b;color:#fff;padding:12px 24px}
header a{color:#fff}
main{max-width:720px;margin:0 auto;padding:24px}`;
const HOSTILE_CSS = `* { all: unset; }
button { display: none; }
div { position: relative; z-index: 1; font-size: 40px; }
head, script, style, title { display: none; }
p { display: block; margin: 1em 0; }`;

/** The SPA's router: links marked data-route change the address, then the app renders the new page a task later. */
const SPA_SCRIPT = `(function () {
  function render() {
    var path = location.hash.indexOf('#/') === 0 ? location.hash.slice(1) : location.pathname;
    var tag = (/\\/t\\/([^/]+)\\//.exec(path) || [])[1] || '';
    var meta = document.querySelector('meta[name="lead:tags"]');
    if (!meta) { meta = document.createElement('meta'); meta.name = 'lead:tags'; document.head.appendChild(meta); }
    meta.content = tag;
    document.title = 'SPA ' + path;
    var app = document.getElementById('app');
    app.innerHTML = '<article data-lead-article>' + ARTICLE.replace('TITLE', path.replace(/[<>&"]/g, '')) + '</article>';
  }
  document.addEventListener('click', function (e) {
    var a = e.target.closest && e.target.closest('a[data-route]');
    if (!a) return;
    e.preventDefault();
    history.pushState({}, '', a.getAttribute('href'));
    setTimeout(render, 0);
  });
  addEventListener('popstate', function () { setTimeout(render, 0); });
  render();
})();`;

export interface Kinds {
  /** `http://healthgroup.global:PORT` */
  origin: string;
  close(): Promise<void>;
}

/** Starts the partner's server; `lead` is the Lead server's origin (the loader's). */
export async function serveKinds(lead: string, siteId: number, host: string): Promise<Kinds> {
  const loaderTag = (attrs = '') =>
    `<script async src="${lead}/embed/v1/loader.js" data-site="${siteId}"${attrs}></script>`;
  const page = (kind: string, path: string, embed: boolean): { html: string; headers: Record<string, string> } => {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    const tag = embed ? loaderTag() : '';
    const doc = (head: string, body: string) =>
      `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${kind} ${path}</title>\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>`;
    const plain = `<header><a href="/${kind}/">Health news</a></header>\n<main>\n<article data-lead-article>\n${article(`Article ${path}`)}\n</article>\n<p><a href="/${kind}/other/">Another article</a></p>\n</main>\n<footer>A partner page</footer>`;
    switch (kind) {
      case 'wp':
        return {
          headers,
          html: doc(
            `<link rel="stylesheet" href="/site.css">\n<meta name="lead:tags" content="heart, wordpress">\n${tag}`,
            `<div id="page" class="site"><header id="masthead" class="site-header"><p class="site-title"><a href="/wp/" rel="home">Health news</a></p></header>
<div id="content" class="site-content"><div id="primary" class="content-area"><main id="main" class="site-main">
<article id="post-42" class="post-42 post type-post status-publish format-standard hentry category-heart">
<header class="entry-header"><h1 class="entry-title">Article ${path}</h1></header>
<div class="entry-content">\n${article('Part one').replace('<h1>Part one</h1>', '')}\n<p><a href="/wp/other/">Another article</a></p></div>
</article></main></div>
<aside id="secondary" class="widget-area"><section class="widget"><h2 class="widget-title">Recent posts</h2><ul><li><a href="/wp/other/">Sleep and the heart</a></li></ul></section></aside></div>
<footer id="colophon" class="site-footer">A partner page</footer></div>`,
          ),
        };
      case 'spa':
        return {
          headers,
          html: doc(
            `<link rel="stylesheet" href="/site.css">\n${tag}`,
            `<header><nav aria-label="Site"><a href="/spa/" data-route>Home</a> · <a href="/spa/t/e2e-spa/heart/" data-route>Heart</a></nav></header>\n<main id="app"></main>
<script>var ARTICLE = ${JSON.stringify(article('TITLE'))};\n${SPA_SCRIPT}</script>`,
          ),
        };
      case 'csp':
      case 'nonce': {
        headers['content-security-policy'] =
          kind === 'csp'
            ? `default-src 'self'; script-src 'self' ${lead}; connect-src 'self' ${lead}; img-src 'self' ${lead}; style-src 'self'; base-uri 'none'; object-src 'none'`
            : `default-src 'self'; script-src 'nonce-${NONCE}' 'strict-dynamic'; connect-src 'self' ${lead}; img-src 'self' ${lead}; style-src 'self'; base-uri 'none'; object-src 'none'`;
        return {
          headers,
          html: doc(
            `<link rel="stylesheet" href="/site.css">\n${embed ? loaderTag(kind === 'nonce' ? ` nonce="${NONCE}"` : '') : ''}`,
            plain,
          ),
        };
      }
      case 'gtm':
        return {
          headers,
          html: doc(
            `<link rel="stylesheet" href="/site.css">
<script>window.dataLayer = window.dataLayer || [];
addEventListener('load', function () { setTimeout(function () {
  ${
    embed
      ? `var s = document.createElement('script'); s.async = true; s.src = ${JSON.stringify(`${lead}/embed/v1/loader.js`)}; s.setAttribute('data-site', '${siteId}');
  var first = document.getElementsByTagName('script')[0]; first.parentNode.insertBefore(s, first);`
      : ''
  }
  window.dataLayer.push({ event: 'gtm.load' });
}, 0); });</script>`,
            plain,
          ),
        };
      case 'hostile':
        return { headers, html: doc(`<style>${HOSTILE_CSS}</style>\n${tag}`, plain) };
      case 'twice':
        return { headers, html: doc(`<link rel="stylesheet" href="/site.css">\n${tag}\n${tag}`, `${plain}\n${tag}`) };
      default:
        return {
          headers,
          html: doc(
            `<link rel="stylesheet" href="/site.css">\n${tag}`,
            plain.replace(article(`Article ${path}`), article(`Article ${path}`, 30)),
          ),
        };
    }
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    if (url.pathname === '/site.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(SITE_CSS);
    if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
    const kind = url.pathname.split('/')[1] ?? '';
    const { html, headers } = page(kind, url.pathname, url.searchParams.get('embed') !== '0');
    res.writeHead(200, headers).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
