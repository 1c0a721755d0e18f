import { DEVICE_TYPES, LAYOUTS, campaignSaveErrors, type DeviceType } from '@lead/contract';
import fc from 'fast-check';
import { expect } from 'vitest';
import { toasts } from '../../../stores/ui.js';
import { checkSave, startCreate } from '../save.js';
import { DESKTOP_ONLY } from '../samples.js';
import { builder } from '../state.js';
import { builderErrors, stepErrors } from '../validation.js';
import { toPayload } from '../wire.js';
import { action, perform, type Action } from './actions.js';
import { neverSaved, reopen, screen, stored } from './server.js';

/*
 * One sequence of what staff do, run against the builder's store from a new campaign, with the
 * rules checked after every save (builder.model.test.ts says which). Shared by the model-based
 * test and the regression tests made from the sequences it shrank.
 */

/** Runs one sequence from a new campaign; throws (with what went wrong) on the first broken rule. */
export function run(actions: readonly Action[]): { saves: number; refusals: number } {
  startCreate(new URLSearchParams({ campaignName: 'Model', siteID: '1', siteURL: 'bacsi-online.vn', clientID: '4' }));
  let refusals = 0;
  let chosen: DeviceType[] = [...DEVICE_TYPES];
  let saves = 0;
  for (const a of [...actions, { do: 'save' } as const]) {
    const desktopOnly = builder.layout !== null && DESKTOP_ONLY.includes(builder.layout);
    if (a.do === 'devices' && !desktopOnly) chosen = [...a.devices];
    perform(a);
    if (a.do !== 'save') continue;

    const shown = Object.keys(builderErrors(builder));
    const saved = checkSave();
    toasts.clear();
    expect(saved, `saved while showing ${shown.join(', ')}`).toBe(shown.length === 0);
    if (!saved) {
      expect(
        stepErrors(builder)[builder.step].length,
        `refused on ${builder.step}, which says nothing`,
      ).toBeGreaterThan(0);
      refusals++;
      continue;
    }
    const payload = toPayload(builder);
    expect(
      campaignSaveErrors(payload, { siteHost: builder.siteHost, mode: builder.mode, hasImport: builder.hasImport }),
    ).toBeUndefined();
    expect(neverSaved(payload)).toEqual([]);
    const layout = builder.layout!;
    expect(payload.device_types).toEqual(DESKTOP_ONLY.includes(layout) ? [2] : chosen);

    const before = screen(builder);
    const detail = stored(payload, ++saves);
    reopen(detail);
    expect(screen(builder)).toEqual(before);
    expect(toPayload(builder)).toEqual(JSON.parse(JSON.stringify(payload)));
    // Reopened: a desktop-only campaign's own choice was not saved; it shows on both with another layout.
    if (DESKTOP_ONLY.includes(layout)) chosen = [...DEVICE_TYPES];
  }
  return { saves, refusals };
}

/** A sequence as staff start one: a link on TARGET, a layout on TEMPLATE, then anything. */
export const sequence = fc
  .tuple(fc.constantFrom(...LAYOUTS), fc.array(action, { maxLength: 30 }))
  .map(([layout, rest]): Action[] => [
    { do: 'targets', kind: 'link', text: 'https://bacsi-online.vn/heart/' },
    { do: 'layout', layout },
    ...rest,
  ]);
