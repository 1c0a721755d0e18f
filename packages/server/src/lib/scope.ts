import { Messages, holdsAllSites } from '@lead/contract';
import { forbidden } from './http-error.js';

/**
 * Who is asking, as far as what they may see and change goes. A system user
 * sees and changes everything; everyone else works within their sites.
 */
export interface Viewer {
  id: number;
  isSystem: boolean;
  siteIds: number[];
}

/** 403 'You are not assigned to this site.' unless `viewer` holds every one of `siteIds` (the contract's `holdsAllSites`, shared with the admin). */
export function assertHoldsAll(viewer: Viewer, siteIds: Iterable<number>): void {
  if (!holdsAllSites(viewer, siteIds)) throw forbidden(Messages.siteForbidden);
}

/** The sites a query is limited to: null for a system user (no limit). */
export const siteLimit = (viewer: Viewer): number[] | null =>
  viewer.isSystem ? null : viewer.siteIds.length ? viewer.siteIds : [-1];
