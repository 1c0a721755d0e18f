/**
 * The twelve layouts on the demo partner page (docs/layouts.md): a campaign of each made through
 * the admin API with fixed words and a fixed picture, opened at once (a custom trigger) by a
 * visitor at a laptop's or a phone's viewport, with reduced motion so that it is drawn in its
 * place at once. The layouts' journeys (placement, axe, screenshots) share these.
 */
import { LAYOUT_DISPLAY_TYPE, type FormBlock, type Layout } from '@lead/contract';
import { PNG } from 'pngjs';
import { baseUrl } from './helpers.js';
import { adminToken, liveCampaign, loaderReady, popupOf, visit, visitor } from './partner.js';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** Layouts the builder offers on Desktop only (the Template step): a phone is never shown them. */
export const DESKTOP_ONLY: readonly Layout[] = ['Sidebar', 'Fullscreen', 'Slider'];
export const MODAL: readonly Layout[] = ['LightBoxA', 'LightBoxB', 'Fullscreen'];

const FORM: FormBlock[] = [
  { name: 'Title', id: 't', data: { placeholder: 'Free heart check', align: 'center' } },
  { name: 'Subtitle', id: 'u', data: { placeholder: 'Two minutes, from our cardiologists.', align: 'center' } },
  { name: 'Text', id: 'a', data: { value: 'name', placeholder: 'Full name', required: true } },
  { name: 'Email', id: 'b', data: { value: 'email', placeholder: 'Email', required: true } },
  { name: 'Submit', id: 's', data: { placeholder: 'Send' } },
];
const LINK_ONLY: FormBlock[] = [
  { name: 'Title', id: 't', data: { placeholder: 'Free heart check', align: 'center' } },
  { name: 'LinkButton', id: 'l', data: { placeholder: 'Read the guide', url: 'https://healthgroup.global/guide/' } },
];

/** A fixed picture (a diagonal teal-to-blue gradient with a light disc), the same bytes every run. */
export function campaignPicture(width = 600, height = 400): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const disc = (x - width * 0.7) ** 2 + (y - height * 0.4) ** 2 < (height * 0.28) ** 2;
      const i = (y * width + x) * 4;
      png.data[i] = disc ? 250 : Math.round(11 + 18 * t);
      png.data[i + 1] = disc ? 226 : Math.round(120 - 40 * t);
      png.data[i + 2] = disc ? 160 : Math.round(110 + 90 * t);
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

let uploaded: Promise<string> | undefined;
/** The picture uploaded once per file, as the builder uploads it: its address (/uploads/…). */
function picture(): Promise<string> {
  uploaded ??= (async () => {
    const body = new FormData();
    body.set('kind', 'overlay');
    body.set('file', new Blob([new Uint8Array(campaignPicture())], { type: 'image/png' }), 'heart.png');
    const res = await fetch(`${baseUrl()}/api/admin/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken()}` },
      body,
    });
    if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { _data: { url: string } })._data.url;
  })();
  return uploaded;
}

/**
 * A campaign in `layout` on its own article (`/layouts/<kind>/<layout>/heart-health/`, so every
 * page has the same title), shown when the page asks (custom trigger), on the devices the builder
 * offers it on, inline after the 2nd paragraph.
 */
export async function layoutCampaign(layout: Layout, kind: string, extra: Record<string, unknown> = {}) {
  const path = `/layouts/${kind}/${layout.toLowerCase()}/heart-health/`;
  const image = await picture();
  const c = await liveCampaign(path, {
    display_type: LAYOUT_DISPLAY_TYPE[layout] as never,
    device_types: DESKTOP_ONLY.includes(layout) ? [2] : [1, 2],
    trigger_type: 'custom',
    rules: [{ rule: 'days_to_show_again', value: 0 }],
    forms: layout === 'LightBoxA' ? LINK_ONLY : FORM,
    image,
    image_desktop: image,
    extra_fields: {
      popupVersion: '2.1',
      currentLayout: layout,
      targetLinkType: 'links',
      popupShowThankYou: 'notshow',
      popupInlinePosition: '2nd',
      ...extra,
    },
  });
  return { ...c, path };
}

/** `viewport`'s visitor on the campaign's page, the pop-up shown and drawn (pictures loaded, no motion). */
export async function openLayout(
  campaign: { code: string; path: string },
  viewport: { width: number; height: number },
) {
  const phone = viewport.width < DESKTOP.width;
  const context = await visitor(
    phone ? { mobile: true, width: viewport.width, height: viewport.height, touch: true } : {},
  );
  const page = await visit(context, campaign.path);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await loaderReady(page);
  const before = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.evaluate(
    (code) => (window as unknown as { lead: { push(c: unknown[]): void } }).lead.push(['show', code]),
    campaign.code,
  );
  const host = popupOf(page, campaign.code);
  await page.waitForFunction(
    (code) => document.querySelector(`[data-lead-popup="${code}"]`)?.shadowRoot?.querySelector('.popup'),
    campaign.code,
  );
  await host.evaluate((el) =>
    Promise.all([...el.shadowRoot!.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined))),
  );
  await page.evaluate(() => document.fonts.ready);
  return { page, context, host, before };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of the first element of the pop-up's shadow root that `selector` finds, or null when there is none or it is not shown. */
export function boxIn(host: Awaited<ReturnType<typeof openLayout>>['host'], selector: string): Promise<Box | null> {
  return host.evaluate((el, s) => {
    const found = el.shadowRoot!.querySelector(s);
    if (!found) return null;
    const r = found.getBoundingClientRect();
    return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
  }, selector);
}
