import type { Site } from '@lead/contract';
import type { Selection, SidebarMode } from './sidebar.js';

/*
 * The list's sites and clients: one state, the sidebar's selection (sidebar.ts), of which the
 * toolbar's Site and Client menus and the chips are views. A selection stands for the (site,
 * client) pairs it chooses; the menus show the sites and the clients of those pairs, and a menu's
 * change is a new set of pairs, written back as a selection in the sidebar's mode.
 */
export type Pair = readonly [site: number, client: number];

/** Every (site, client) pair the sites allow, sites in order, then clients. */
const allPairs = (sites: readonly Site[]): Pair[] => sites.flatMap((s) => s.clients.map((c) => [s.id, c.id] as const));

/** The pairs a selection chooses (every pair for the default, null). */
export function pairsOf(selection: Selection, mode: SidebarMode, sites: readonly Site[]): Pair[] {
  const every = allPairs(sites);
  if (selection === null) return every;
  return every.filter(([s, c]) => {
    const [parent, child] = mode === 'site' ? [s, c] : [c, s];
    const children = selection.get(parent);
    // A parent chosen with no children listed (a hand-made link) stands for all of them, as the server reads it.
    return children !== undefined && (children.length === 0 || children.includes(child));
  });
}

/** The selection of a set of pairs in `mode`: null when they are every pair, an empty map for none. */
export function selectionOf(pairs: readonly Pair[], mode: SidebarMode, sites: readonly Site[]): Selection {
  const key = (p: Pair) => `${p[0]}:${p[1]}`;
  const chosen = new Set(pairs.map(key));
  const every = allPairs(sites);
  if (every.length > 0 && every.every((p) => chosen.has(key(p)))) return null;
  const map = new Map<number, number[]>();
  for (const p of every) {
    if (!chosen.has(key(p))) continue;
    const [parent, child] = mode === 'site' ? p : [p[1], p[0]];
    map.set(parent, [...(map.get(parent) ?? []), child]);
  }
  return map;
}

/** What the Site and Client menus show: the chosen ids, or null for all (the default). */
export interface Scope {
  siteIds: number[] | null;
  clientIds: number[] | null;
}

const unique = (ids: number[]) => [...new Set(ids)];

/** The sites and the clients of the chosen pairs; each null when the selection is the default. */
export function scopeOf(selection: Selection, mode: SidebarMode, sites: readonly Site[]): Scope {
  if (selection === null) return { siteIds: null, clientIds: null };
  const pairs = pairsOf(selection, mode, sites);
  return { siteIds: unique(pairs.map((p) => p[0])), clientIds: unique(pairs.map((p) => p[1])) };
}

/**
 * Whether the chosen pairs narrow the sites (side 0) or the clients (side 1) beyond what the other
 * side implies: 'client Acme' alone narrows no site, though Acme is on two sites only.
 */
function narrows(side: 0 | 1, selection: Selection, mode: SidebarMode, sites: readonly Site[]): boolean {
  if (selection === null) return false;
  const pairs = pairsOf(selection, mode, sites);
  const other = new Set(pairs.map((p) => p[1 - side]));
  return pairsOf(null, mode, sites).filter((p) => other.has(p[1 - side]!)).length !== pairs.length;
}

/** Every client of the sites, once each, by name. */
export function clientsOf(sites: readonly Site[]): Array<{ id: number; name: string }> {
  const byId = new Map(sites.flatMap((s) => s.clients.map((c) => [c.id, c.name] as const)));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The Site menu's change: the pairs of the sites now ticked. Each keeps the clients chosen so far
 * where it has any of them; a site with none of them comes with all its clients. Every site
 * ticked (All) drops the site filter: every site of the clients chosen so far (all of them when
 * no client was narrowed beyond the sites chosen).
 */
export function pickSites(siteIds: readonly number[], selection: Selection, mode: SidebarMode, sites: readonly Site[]) {
  const clients = scopeOf(selection, mode, sites).clientIds;
  if (sites.every((s) => siteIds.includes(s.id))) {
    const keep = narrows(1, selection, mode, sites) ? clients : null;
    return selectionOf(
      pairsOf(null, mode, sites).filter(([, c]) => keep === null || keep.includes(c)),
      mode,
      sites,
    );
  }
  const pairs = sites
    .filter((s) => siteIds.includes(s.id))
    .flatMap((s) => {
      const kept = s.clients.filter((c) => clients === null || clients.includes(c.id));
      return (kept.length ? kept : s.clients).map((c) => [s.id, c.id] as const);
    });
  return selectionOf(pairs, mode, sites);
}

/**
 * The Client menu's change: the pairs of the clients now ticked. Each keeps the sites chosen so
 * far where it is on any of them; a client on none of them comes with all its sites. Every client
 * ticked (All) drops the client filter: every client of the sites chosen so far (all of them
 * when no site was narrowed beyond the clients chosen).
 */
export function pickClients(
  clientIds: readonly number[],
  selection: Selection,
  mode: SidebarMode,
  sites: readonly Site[],
) {
  const chosenSites = scopeOf(selection, mode, sites).siteIds;
  if (clientsOf(sites).every((c) => clientIds.includes(c.id))) {
    const keep = narrows(0, selection, mode, sites) ? chosenSites : null;
    return selectionOf(
      pairsOf(null, mode, sites).filter(([s]) => keep === null || keep.includes(s)),
      mode,
      sites,
    );
  }
  const pairs = clientIds.flatMap((clientId) => {
    const on = sites.filter((s) => s.clients.some((c) => c.id === clientId));
    const kept = on.filter((s) => chosenSites === null || chosenSites.includes(s.id));
    return (kept.length ? kept : on).map((s) => [s.id, clientId] as const);
  });
  return selectionOf(pairs, mode, sites);
}
