import { proxy, ref } from 'valtio';
import { onSessionReset } from '../stores/reset.js';
import type { PublishState } from './publish.js';

/*
 * The builder's warning on save (issue #42): a campaign saved in edit mode goes back to the list
 * (spec 4), and when other running campaigns win some of its pages the list names them, each
 * linked, until dismissed or the next navigation. It blocks nothing: the save is done.
 */
export interface SaveWarning {
  id: number;
  name: string;
  state: PublishState;
}

export const saveNotice = proxy({ warning: null as SaveWarning | null });
onSessionReset(() => {
  saveNotice.warning = null;
});

/** Set by the builder's save: the campaign's rivals, or null (nothing to warn about). */
export function warnAfterSave(warning: SaveWarning | null): void {
  saveNotice.warning = warning ? ref(warning) : null;
}

export function dismissSaveWarning(): void {
  saveNotice.warning = null;
}
// Shown on the list the save returned to, not on the next page.
if (typeof window !== 'undefined') window.addEventListener('hashchange', dismissSaveWarning);
