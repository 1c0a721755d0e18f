/** The demo partner site's HTML: a home page of articles and article pages with paragraphs, H2s and tags. */
import { escapeHtml } from '../../lib/html.js';

export interface PartnerSite {
  id: number;
  host: string;
  label: string;
  description: string;
}

export interface ArticleLink {
  href: string;
  title: string;
  note: string;
}

const PARAGRAPHS = [
  'Most people can lower their risk with a few steady habits: regular sleep, a short walk every day and fewer sugary drinks.',
  'Doctors recommend a check-up once a year, and more often when a condition runs in the family.',
  'Early signs are easy to miss. Tiredness, thirst or shortness of breath are worth mentioning at your next visit.',
  'A balanced plate is half vegetables, a quarter whole grains and a quarter protein such as fish, beans or eggs.',
  'Stress affects the body as much as the mind; ten minutes of quiet breathing a day makes a measurable difference.',
  'Medicines work best when taken as prescribed. Ask your pharmacist before combining them with supplements.',
  'Children and older adults need particular care in hot weather: offer water often, even when they are not thirsty.',
  'Screening tests are quick, and most are covered by public health programmes in the region.',
  'Keep a simple diary of symptoms for two weeks; it helps your doctor see patterns you may not notice.',
  'Sharing what you learn with family members helps everyone at home build healthier routines together.',
];
const HEADINGS = ['What to watch for', 'Everyday habits that help', 'When to see a doctor', 'Questions to ask'];

/** A path's words (a malformed %-escape is read as it stands). */
const decoded = (path: string) => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};
const titleOf = (path: string) => {
  const words = decoded(path).split('/').filter(Boolean).pop()?.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Health news';
};

/** custom trigger: the page itself calls lead.push(['show', code]) with the button's data-lead-show. */
const SHOW_SCRIPT = `<script>document.addEventListener('click', function (e) {
  var b = e.target.closest && e.target.closest('[data-lead-show]');
  if (b) (window.lead = window.lead || []).push(['show', b.getAttribute('data-lead-show')]);
});</script>`;

const showButton = (show: { code: string; type: string } | null) => {
  if (!show) return '';
  const code = escapeHtml(show.code);
  // The code from the address goes into an attribute only (escaped for it); the script that reads it is fixed text.
  if (show.type === 'custom')
    return `<p><button type="button" data-lead-show="${code}">Open the offer</button></p>${SHOW_SCRIPT}`;
  return `<p><button type="button" data-lead-trigger="${code}">Get the free guide</button></p>`;
};

/** `loader`: the embed's address, or null for a page without it (the builder's canvas draws its own pop-up). */
const layout = (site: PartnerSite, title: string, head: string, body: string, loader: string | null) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(site.label)}</title>
${head}
<style>
body{font:17px/1.6 Georgia,serif;color:#222;margin:0;background:#fafaf7}
header,footer{background:#0b5d4b;color:#fff;padding:12px 24px;font-family:system-ui,sans-serif}
header a{color:#fff;text-decoration:none;font-weight:700}
main{max-width:720px;margin:0 auto;padding:24px}
.note{font:14px system-ui,sans-serif;color:#555;background:#eef5f2;border-radius:6px;padding:8px 12px}
li{margin:6px 0}
</style>
${loader ? `<script async src="${escapeHtml(loader)}" data-site="${site.id}"></script>` : ''}
</head>
<body>
<header><a href="/">${escapeHtml(site.label)}</a> · <span>${escapeHtml(site.description)}</span></header>
<main>
${body}
</main>
<footer>A demo partner page served by Lead (npm start). Pop-ups here are live: what visitors do is counted.</footer>
</body>
</html>`;

export function homePage(site: PartnerSite, links: ArticleLink[], loader: string): string {
  const items = links
    .map(
      (l) => `<li><a href="${escapeHtml(l.href)}">${escapeHtml(l.title)}</a> <small>${escapeHtml(l.note)}</small></li>`,
    )
    .join('\n');
  return layout(
    site,
    'Home',
    '',
    `<h1>${escapeHtml(site.label)}</h1>
<p class="note">Each article below is a page that a running campaign of ${escapeHtml(site.host)} targets. Open one and wait for its trigger.</p>
<ul>
${items || '<li>No campaign of this site is running. Activate one in the admin.</li>'}
</ul>`,
    loader,
  );
}

/** `show`: a campaign code the page opens itself (on_click, hover: a marked button; custom: lead.push). */
export function articlePage(
  site: PartnerSite,
  path: string,
  tags: string[],
  loader: string | null,
  show: { code: string; type: string } | null = null,
): string {
  const title = titleOf(path);
  const parts: string[] = [];
  PARAGRAPHS.forEach((p, i) => {
    if (i > 0 && i % 3 === 0) parts.push(`<h2>${escapeHtml(HEADINGS[(i / 3 - 1) % HEADINGS.length]!)}</h2>`);
    parts.push(`<p>${escapeHtml(p)}</p>`);
  });
  const meta = tags.length ? `<meta name="lead:tags" content="${escapeHtml(tags.join(', '))}">` : '';
  return layout(
    site,
    title,
    meta,
    `<article data-lead-article>
<h1>${escapeHtml(title)}</h1>
${tags.length ? `<p class="note">Tags: ${escapeHtml(tags.join(', '))}</p>` : ''}
${showButton(show)}
${parts.join('\n')}
</article>`,
    loader,
  );
}
