import { Messages, holdsAllSites } from '@lead/contract';
import { forbidden } from './http-error.js';

/**
 * Who is asking, as far as what they may see and change goes. A system user
 * sees and changes everything; everyone else works within their sites.
 */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  isSystem: boolean;
  siteIds: number[];
}

/** Whether `viewer` holds every one of `siteIds` (a system user holds them all): the contract's rule, shared with the admin. */
export const holdsAll: (viewer: Viewer, siteIds: Iterable<number>) => boolean = holdsAllSites;

/** 403 'You are not assigned to this site.' unless `viewer` holds every one of `siteIds`. */
export function assertHoldsAll(viewer: Viewer, siteIds: Iterable<number>): void {
  if (!holdsAll(viewer, siteIds)) throw forbidden(Messages.siteForbidden);
}

/** The sites a query is limited to: null for a system user (no limit). */
export const siteLimit = (viewer: Viewer): number[] | null => (viewer.isSystem ? null : viewer.siteIds.length ? viewer.siteIds : [-1]);
