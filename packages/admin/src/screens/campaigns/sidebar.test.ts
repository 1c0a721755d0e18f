import type { Site } from '@lead/contract';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  flagSummary,
  onlyChild,
  onlyParent,
  parseSelection,
  searchTree,
  serializeSelection,
  sidebarParams,
  toggleAll,
  toggleChild,
  toggleParent,
} from './sidebar.js';

const site = (id: number, country: string, clients: number[]): Site => ({
  id,
  name: `site${id}`,
  label: `S${id}`,
  flag: '',
  description: `Site ${id}`,
  country_id: country,
  clients: clients.map((c) => ({ id: c, name: `client${c}`, site_ids: [id] })),
});
const SITES = [site(1, 'VN', [10, 11]), site(2, 'VN', [11]), site(3, 'ID', [12]), site(4, 'TH', [10])];

describe('the sidebar filter', () => {
  it('selects everything by default and sends nothing', () => {
    expect(sidebarParams(null, 'site')).toEqual({});
    expect(serializeSelection(null)).toBe('');
  });

  it('sends parents with no children listed (an older link) as the plain site or client list', () => {
    expect(sidebarParams(parseSelection('3:|4:'), 'site')).toEqual({ site_id: '3,4' });
    expect(sidebarParams(parseSelection('12:'), 'client')).toEqual({ client_id: '12' });
  });

  it('builds site-then-client and client-then-site trees', () => {
    expect(buildTree(SITES, 'site').map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [1, [10, 11]],
      [2, [11]],
      [3, [12]],
      [4, [10]],
    ]);
    expect(buildTree(SITES, 'client').map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [10, [1, 4]],
      [11, [1, 2]],
      [12, [3]],
    ]);
  });

  it('sends site_id_with_clients for what stays chosen after unticking a client, and back to nothing when all are ticked again', () => {
    const tree = buildTree(SITES, 'site');
    const sel = toggleChild(null, tree, 1, 11, false);
    expect(sidebarParams(sel, 'site')).toEqual({
      'site_id_with_clients[1]': '10',
      'site_id_with_clients[2]': '11',
      'site_id_with_clients[3]': '12',
      'site_id_with_clients[4]': '10',
    });
    expect(toggleChild(sel, tree, 1, 11, true)).toBeNull();
    const noSite3 = toggleParent(null, tree, 3, false);
    expect(Object.keys(sidebarParams(noSite3, 'site'))).toEqual([
      'site_id_with_clients[1]',
      'site_id_with_clients[2]',
      'site_id_with_clients[4]',
    ]);
  });

  it('sends client_id_with_sites in client-then-site mode', () => {
    const tree = buildTree(SITES, 'client');
    expect(sidebarParams(toggleParent(null, tree, 12, false), 'client')).toEqual({
      'client_id_with_sites[10]': '1,4',
      'client_id_with_sites[11]': '1,2',
    });
  });

  it('round-trips through the URL, nothing chosen included', () => {
    const sel = toggleChild(null, buildTree(SITES, 'site'), 1, 11, false);
    expect(parseSelection(serializeSelection(sel))).toEqual(sel);
    expect(parseSelection(serializeSelection(toggleAll(false)))).toEqual(new Map());
    expect(parseSelection('garbage|x:y')).toBeNull();
  });

  it("summarises the chosen sites' flags as the countries of the first 3 and '+N'", () => {
    expect(flagSummary(null, SITES, 'site')).toEqual({ flags: ['VN', 'VN', 'ID'], more: 1 });
    expect(flagSummary(new Map([[3, [12]]]), SITES, 'site')).toEqual({ flags: ['ID'], more: 0 });
    expect(flagSummary(new Map([[10, [1, 4]]]), SITES, 'client')).toEqual({ flags: ['VN', 'TH'], more: 0 });
  });
});

describe('the sidebar’s search and “only”', () => {
  const tree = buildTree(SITES, 'site');

  it('chooses one parent with all its children, or one child of one parent', () => {
    expect(serializeSelection(onlyParent(tree, 1))).toBe('1:10.11');
    expect(sidebarParams(onlyChild(tree, 1, 11), 'site')).toEqual({ 'site_id_with_clients[1]': '11' });
    // The only parent there is: everything, the default.
    expect(onlyParent(buildTree([SITES[0]!], 'site'), 1)).toBeNull();
  });

  it('finds parents by name or description with all their children, else the children that match', () => {
    expect(searchTree(tree, '').map((n) => n.id)).toEqual([1, 2, 3, 4]);
    expect(searchTree(tree, 'SITE3').map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([[3, [12]]]);
    expect(searchTree(tree, 'client11').map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([
      [1, [11]],
      [2, [11]],
    ]);
    expect(searchTree(tree, 'nowhere')).toEqual([]);
  });

  it('finds a name whatever its accents and case', () => {
    const accented = buildTree([{ ...SITES[0]!, name: 'Bác sĩ Online' }], 'site');
    expect(searchTree(accented, 'bac si').map((n) => n.label)).toEqual(['Bác sĩ Online']);
  });
});
