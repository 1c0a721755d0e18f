import type { SidebarParamKey, Site } from '@lead/contract';

/*
 * The sidebar filter: sites then their clients, or clients then their sites, everything
 * selected by default. A selection maps each parent to its chosen children; `null` is the default
 * (all), and an empty map means nothing is chosen.
 */
export type SidebarMode = 'site' | 'client';
export type Selection = Map<number, number[]> | null;

export interface TreeNode {
  id: number;
  label: string;
  description?: string;
  /** The site's country (an ISO code), for its flag. */
  country?: string;
  children: Array<{ id: number; label: string; country?: string }>;
}

export function buildTree(sites: readonly Site[], mode: SidebarMode): TreeNode[] {
  if (mode === 'site') {
    return sites.map((s) => ({
      id: s.id,
      label: s.name,
      description: s.description,
      country: s.country_id,
      children: s.clients.map((c) => ({ id: c.id, label: c.name })),
    }));
  }
  const byClient = new Map<number, TreeNode>();
  for (const s of sites) {
    for (const c of s.clients) {
      const node = byClient.get(c.id) ?? { id: c.id, label: c.name, children: [] };
      node.children.push({ id: s.id, label: s.name, country: s.country_id });
      byClient.set(c.id, node);
    }
  }
  return [...byClient.values()].sort((a, b) => a.label.localeCompare(b.label));
}

/** The selection with the default spelled out: every parent with all its children. */
export function resolve(selection: Selection, tree: readonly TreeNode[]): Map<number, number[]> {
  return selection ?? new Map(tree.map((n) => [n.id, n.children.map((c) => c.id)]));
}

/** Back to null when everything is chosen, so that the default sends no parameters. */
function normalize(selection: Map<number, number[]>, tree: readonly TreeNode[]): Selection {
  const everything = tree.every(
    (n) => (selection.get(n.id)?.length ?? -1) === n.children.length && (n.children.length > 0 || selection.has(n.id)),
  );
  return everything ? null : selection;
}

export function toggleAll(on: boolean): Selection {
  return on ? null : new Map();
}

export function toggleParent(
  selection: Selection,
  tree: readonly TreeNode[],
  parentId: number,
  on: boolean,
): Selection {
  const next = new Map(resolve(selection, tree));
  const node = tree.find((n) => n.id === parentId);
  if (!node) return selection;
  if (on)
    next.set(
      parentId,
      node.children.map((c) => c.id),
    );
  else next.delete(parentId);
  return normalize(next, tree);
}

export function toggleChild(
  selection: Selection,
  tree: readonly TreeNode[],
  parentId: number,
  childId: number,
  on: boolean,
): Selection {
  const next = new Map(resolve(selection, tree));
  const chosen = new Set(next.get(parentId) ?? []);
  if (on) chosen.add(childId);
  else chosen.delete(childId);
  if (chosen.size) next.set(parentId, [...chosen]);
  else next.delete(parentId);
  return normalize(next, tree);
}

/** One parent alone, with all its children ("only" beside a parent). */
export function onlyParent(tree: readonly TreeNode[], parentId: number): Selection {
  const node = tree.find((n) => n.id === parentId);
  if (!node) return new Map();
  return normalize(new Map([[parentId, node.children.map((c) => c.id)]]), tree);
}

/** One child of one parent alone ("only" beside a child). */
export function onlyChild(tree: readonly TreeNode[], parentId: number, childId: number): Selection {
  return normalize(new Map([[parentId, [childId]]]), tree);
}

/** A label as the search compares it: case and accents aside ('Bác sĩ' is found by 'bac si'). */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The tree as a search shows it: a parent whose name (or description) holds the text, with all its
 * children; else a parent with the children whose names hold it; else nothing of it.
 */
export function searchTree(tree: readonly TreeNode[], text: string): TreeNode[] {
  const wanted = fold(text.trim());
  if (!wanted) return [...tree];
  return tree.flatMap((n) => {
    if (fold(`${n.label} ${n.description ?? ''}`).includes(wanted)) return [n];
    const children = n.children.filter((c) => fold(c.label).includes(wanted));
    return children.length ? [{ ...n, children }] : [];
  });
}

/** 'parent:child.child|parent:child' for the URL; '-' for nothing; '' for the default. */
export function serializeSelection(selection: Selection): string {
  if (selection === null) return '';
  if (selection.size === 0) return '-';
  return [...selection].map(([p, cs]) => `${p}:${cs.join('.')}`).join('|');
}

export function parseSelection(text: string | null): Selection {
  if (!text) return null;
  if (text === '-') return new Map();
  const map = new Map<number, number[]>();
  for (const part of text.split('|')) {
    const [p, cs = ''] = part.split(':');
    const parent = Number(p);
    if (!Number.isInteger(parent) || parent < 1) continue;
    map.set(
      parent,
      cs
        .split('.')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    );
  }
  return map.size ? map : null;
}

/**
 * The API's site_id_with_clients[SITE]=CLIENTS or client_id_with_sites[CLIENT]=SITES parameters.
 * A selection of parents with no children listed (an older or hand-made link: each stands for all
 * its children) is sent as the plain site_id or client_id list, since an empty value is not sent.
 */
export function sidebarParams(
  selection: Selection,
  mode: SidebarMode,
): Partial<Record<SidebarParamKey | 'site_id' | 'client_id', string>> {
  if (!selection) return {};
  if (selection.size > 0 && [...selection.values()].every((cs) => cs.length === 0))
    return { [mode === 'site' ? 'site_id' : 'client_id']: [...selection.keys()].join(',') };
  const key = mode === 'site' ? 'site_id_with_clients' : 'client_id_with_sites';
  return Object.fromEntries([...selection].map(([p, cs]) => [`${key}[${p}]`, cs.join(',')]));
}

/** The collapsed sidebar's summary: the countries of the first 3 chosen sites (for their flags), then '+N'. */
export function flagSummary(
  selection: Selection,
  sites: readonly Site[],
  mode: SidebarMode,
): { flags: string[]; more: number } {
  const chosen = new Set<number>();
  if (selection === null) sites.forEach((s) => chosen.add(s.id));
  else if (mode === 'site') selection.forEach((_, siteId) => chosen.add(siteId));
  else selection.forEach((siteIds) => siteIds.forEach((id) => chosen.add(id)));
  const flags = sites.filter((s) => chosen.has(s.id)).map((s) => s.country_id);
  return { flags: flags.slice(0, 3), more: Math.max(0, flags.length - 3) };
}
