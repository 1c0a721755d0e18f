import { LAYOUTS, THANK_YOU_BLOCKS, type BlockName, type DeviceType, type FormBlock } from '@lead/contract';
import fc from 'fast-check';
import {
  chooseLayout,
  currentBlocks,
  placeBlocks,
  refusal,
  selectBlock,
  setName,
  setScroll,
  setShowThankYou,
  setTimeOnPage,
  setTrigger,
  setView,
  settleTimeOnPage,
  setImageLink,
  updateBlock,
} from '../design.actions.js';
import { DESKTOP_ONLY, isThankYouLayout, paletteFor } from '../samples.js';
import {
  setAppearance,
  setAppearanceEnd,
  setAppearanceStart,
  setDates,
  setForever,
  setHour,
  setNumber,
  setIncludeSponsoredOnlyList,
  setSponsorIds,
  setSponsored,
} from '../settings.actions.js';
import { builder, type ImageKey } from '../state.js';
import { addLink, removeTarget, setDevices, setLinkDraft, setTags, setTargetType } from '../target.actions.js';

/*
 * What staff do in the builder, as data (so that fast-check can generate, print and shrink
 * sequences of it), and `perform`, which does it through the store's own actions as the screen
 * does: only what the screen offers at that moment (a refused palette block, a disabled device
 * box or an hour not in the list is not done).
 */

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
const KEYS = ['name', 'email', 'phone', 'gender', 'nickname', ' nickname ', '', 'city'];
const URLS = [
  '',
  'https://bacsi-online.vn/join',
  'mailto:care@bacsi-online.vn',
  '/uploads/a.png',
  'javascript:alert(1)',
  'data:text/html,x',
  'ftp://x.y',
];
const DATES = ['2027-01-05', '2027-01-10', '2027-02-01', null];
const IMAGES: ImageKey[] = ['mobile', 'desktop', 'background', 'overlayDesktop', 'overlayMobile', 'thankYou'];

export type Action =
  | { do: 'layout'; layout: (typeof LAYOUTS)[number] }
  | { do: 'add'; pick: number; at: number | 'palette' }
  | { do: 'remove'; pick: number }
  | { do: 'move'; pick: number; to: number }
  | { do: 'key'; pick: number; key: string }
  | { do: 'label'; pick: number; text: string }
  | { do: 'url'; pick: number; url: string }
  | { do: 'terms'; pick: number; urls: string; text: string }
  | { do: 'view'; view: 'main' | 'thankyou' }
  | { do: 'showThankYou'; on: boolean }
  | { do: 'devices'; devices: DeviceType[] }
  | { do: 'targets'; kind: 'link' | 'tags' | 'removeFirst'; text: string }
  | { do: 'name'; name: string }
  | { do: 'trigger'; trigger: 'on_landing' | 'on_scroll'; seconds: string; percent: number }
  | { do: 'forever'; on: boolean }
  | { do: 'dates'; start: string | null; end: string | null }
  | { do: 'hour'; which: 'startHour' | 'endHour'; hour: string }
  | { do: 'appearance'; on: boolean }
  | { do: 'appearanceStart'; hour: string }
  | { do: 'appearanceEnd'; hour: string }
  | { do: 'number'; which: 'frequency' | 'leads' | 'price'; text: string }
  | { do: 'sponsor'; on: boolean; only: boolean; ids: number[] }
  | { do: 'imageLink'; which: ImageKey; url: string }
  | { do: 'save' };

const pick = fc.nat(20);
const hour = fc.constantFrom(...HOURS);
/** Appearance hours near each other, so that a start often passes the end (which clears it). */
const nearHour = fc.constantFrom('09:00', '12:00', '13:00', '22:00', '23:00');
export const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant('layout' as const), layout: fc.constantFrom(...LAYOUTS) }), weight: 2 },
  {
    arbitrary: fc.record({
      do: fc.constant('add' as const),
      pick,
      at: fc.oneof(fc.constant('palette' as const), fc.nat(8)),
    }),
    weight: 4,
  },
  fc.record({ do: fc.constant('remove' as const), pick }),
  fc.record({ do: fc.constant('move' as const), pick, to: fc.nat(8) }),
  { arbitrary: fc.record({ do: fc.constant('key' as const), pick, key: fc.constantFrom(...KEYS) }), weight: 3 },
  fc.record({ do: fc.constant('label' as const), pick, text: fc.constantFrom('Your name', '', ' Phone ') }),
  { arbitrary: fc.record({ do: fc.constant('url' as const), pick, url: fc.constantFrom(...URLS) }), weight: 2 },
  fc.record({
    do: fc.constant('terms' as const),
    pick,
    urls: fc.constantFrom('', 'https://bacsi-online.vn/terms', 'https://a.vn/x\nnot a url', 'javascript:alert(1)'),
    text: fc.constantFrom('', 'I agree to *the terms*'),
  }),
  fc.record({ do: fc.constant('view' as const), view: fc.constantFrom('main' as const, 'thankyou' as const) }),
  fc.record({ do: fc.constant('showThankYou' as const), on: fc.boolean() }),
  fc.record({ do: fc.constant('devices' as const), devices: fc.subarray([1, 2] as DeviceType[]) }),
  fc.record({
    do: fc.constant('targets' as const),
    kind: fc.constantFrom('link' as const, 'tags' as const, 'removeFirst' as const),
    text: fc.constantFrom('https://bacsi-online.vn/heart/', 'https://example.com/x', 'tim-mach'),
  }),
  fc.record({ do: fc.constant('name' as const), name: fc.constantFrom('Heart', ' ', ' Spaced ') }),
  fc.record({
    do: fc.constant('trigger' as const),
    trigger: fc.constantFrom('on_landing' as const, 'on_scroll' as const),
    seconds: fc.constantFrom('5', '-250', 'abc', ''),
    percent: fc.constantFrom(25, 50, 75, 100),
  }),
  fc.record({ do: fc.constant('forever' as const), on: fc.boolean() }),
  {
    arbitrary: fc.record({
      do: fc.constant('dates' as const),
      start: fc.constantFrom(...DATES),
      end: fc.constantFrom(...DATES),
    }),
    weight: 2,
  },
  fc.record({
    do: fc.constant('hour' as const),
    which: fc.constantFrom('startHour' as const, 'endHour' as const),
    hour,
  }),
  { arbitrary: fc.record({ do: fc.constant('appearance' as const), on: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('appearanceStart' as const), hour: nearHour }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('appearanceEnd' as const), hour: nearHour }), weight: 2 },
  fc.record({
    do: fc.constant('number' as const),
    which: fc.constantFrom('frequency' as const, 'leads' as const, 'price' as const),
    text: fc.constantFrom('3', '12.5', 'abc', ''),
  }),
  fc.record({ do: fc.constant('sponsor' as const), on: fc.boolean(), only: fc.boolean(), ids: fc.subarray([3, 9]) }),
  fc.record({
    do: fc.constant('imageLink' as const),
    which: fc.constantFrom(...IMAGES),
    url: fc.constantFrom(...URLS),
  }),
  { arbitrary: fc.constant({ do: 'save' as const }), weight: 5 },
);

const canvas = (blocks: readonly FormBlock[]) => blocks.map((b) => ({ id: String(b.id), type: b.name }));
const nth = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
let made = 0;

/** Does `a` as staff would on the screen. */
export function perform(a: Action): void {
  const blocks = currentBlocks();
  const edit = (i: number, patch: Partial<FormBlock['data']>, when: (b: FormBlock) => boolean = () => true) => {
    const b = nth(blocks, i);
    if (!b || !when(b)) return;
    selectBlock(String(b.id));
    updateBlock(patch);
  };
  switch (a.do) {
    case 'layout':
      return chooseLayout(a.layout);
    case 'add': {
      if (!builder.layout) return;
      const offered: readonly BlockName[] = builder.view === 'thankyou' ? THANK_YOU_BLOCKS : paletteFor(builder.layout);
      const type = nth(offered, a.pick)!;
      if (refusal(type)) return; // the palette refuses it with its message
      const added = { id: `m${++made}`, type };
      const list = canvas(blocks);
      if (a.at === 'palette') placeBlocks([...list, added]);
      else placeBlocks([...list.slice(0, a.at), added, ...list.slice(a.at)]);
      return;
    }
    case 'remove':
      return placeBlocks(canvas(blocks).filter((_, i) => blocks.length && i !== a.pick % blocks.length));
    case 'move': {
      const list = canvas(blocks);
      const [moved] = list.splice(a.pick % Math.max(1, list.length), 1);
      if (moved) placeBlocks([...list.slice(0, a.to), moved, ...list.slice(a.to)]);
      return;
    }
    case 'key':
      // The Key field: not on T&C, nor on an Image (its value is its picture).
      return edit(
        a.pick,
        { value: a.key },
        (b) => b.data.value !== undefined && b.name !== 'Terms' && b.name !== 'Image',
      );
    case 'label':
      return edit(a.pick, { placeholder: a.text }, (b) => b.name !== 'Terms');
    case 'url':
      return edit(a.pick, { url: a.url }, (b) => b.name === 'LinkButton' || b.name === 'Image' || b.name === 'Video');
    case 'terms':
      return edit(a.pick, { placeholder: a.urls, valueHTML: a.text }, (b) => b.name === 'Terms');
    case 'view':
      // The Main / Thank you switch and the thank-you choice show on thank-you layouts only.
      return isThankYouLayout(builder.layout) ? setView(a.view) : undefined;
    case 'showThankYou':
      return isThankYouLayout(builder.layout) ? setShowThankYou(a.on) : undefined;
    case 'devices':
      // A desktop-only layout disables both boxes.
      if (builder.layout && DESKTOP_ONLY.includes(builder.layout)) return;
      return setDevices(a.devices);
    case 'targets':
      if (a.kind === 'removeFirst') return builder.targets.length ? removeTarget(0) : undefined;
      if (a.kind === 'tags') {
        setTargetType('tags');
        return setTags([a.text]);
      }
      setTargetType('links');
      setLinkDraft(a.text);
      return addLink();
    case 'name':
      return setName(a.name);
    case 'trigger':
      if (a.trigger === 'on_landing') {
        setTrigger('on_landing');
        setTimeOnPage(a.seconds);
        return settleTimeOnPage(); // the field is left
      }
      setTrigger('on_scroll');
      return setScroll(a.percent);
    case 'forever':
      return setForever(a.on);
    case 'dates':
      return setDates(a.start, a.end);
    case 'hour':
      return setHour(a.which, a.hour);
    case 'appearance':
      return setAppearance(a.on);
    case 'appearanceStart':
      return setAppearanceStart(a.hour);
    case 'appearanceEnd':
      // The end's list offers only the hours after the start.
      if (!builder.appearance || a.hour <= builder.appearance.startTime) return;
      return setAppearanceEnd(a.hour);
    case 'number':
      return setNumber(a.which, a.text);
    case 'sponsor':
      setSponsored(a.on);
      if (!a.on) return;
      setIncludeSponsoredOnlyList(a.only);
      if (a.only) setSponsorIds(a.ids);
      return;
    case 'imageLink':
      return setImageLink(a.which, { url: a.url });
    case 'save':
      return; // done by the test, which checks it
  }
}
