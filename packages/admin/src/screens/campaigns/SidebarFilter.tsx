import type { Site } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Checkbox } from '@lead/headless/Checkbox';
import { DebouncedSearchField } from '@lead/headless/Filters';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { useState } from 'react';
import * as st from './campaigns.css.js';
import type { ListState } from './list-query.js';
import { Flag } from '../../components/Flag.js';
import {
  buildTree,
  flagSummary,
  onlyChild,
  onlyParent,
  parseSelection,
  resolve,
  searchTree,
  serializeSelection,
  toggleAll,
  toggleChild,
  toggleParent,
  type SidebarMode,
} from './sidebar.js';

interface Props {
  sites: readonly Site[];
  state: Pick<ListState, 'sidebar' | 'sidebarMode'>;
  isOpen: boolean;
  onToggle: () => void;
  onChange: (patch: Pick<ListState, 'sidebar' | 'sidebarMode'>) => void;
}

/**
 * The sidebar filter: sites then clients, or clients then sites, all chosen by default;
 * 200px wide when open; closed, it shows the chosen sites' first 3 flags and '+N'. As in the
 * toolbar's pickers (CheckboxPicker), a search narrows the tree and each option's "only" chooses
 * it alone (shown on hover and focus, always on touch screens).
 */
export function SidebarFilter({ sites, state, isOpen, onToggle, onChange }: Props) {
  const selection = parseSelection(state.sidebar || null);
  const tree = buildTree(sites, state.sidebarMode);
  const chosen = resolve(selection, tree);
  const [search, setSearch] = useState('');
  const shown = searchTree(tree, search);
  const summary = flagSummary(selection, sites, state.sidebarMode);
  const set = (next: ReturnType<typeof toggleAll>) =>
    onChange({ sidebar: serializeSelection(next), sidebarMode: state.sidebarMode });
  return (
    <aside className={st.sidebar} data-open={isOpen || undefined} aria-label="Sidebar filter">
      <Button
        onPress={onToggle}
        aria-expanded={isOpen}
        aria-controls="sidebar-filter-panel"
        className={st.sidebarToggle}
      >
        {isOpen ? 'Hide filter' : 'Sites & clients'}
        {!isOpen ? (
          <span
            className={st.flags}
            role="img"
            aria-label={`${summary.flags.length + summary.more} ${summary.flags.length + summary.more === 1 ? 'site' : 'sites'} chosen`}
          >
            {summary.flags.map((country, i) => (
              <Flag key={i} country={country} />
            ))}
            {summary.more ? ` +${summary.more}` : ''}
          </span>
        ) : null}
      </Button>
      {isOpen ? (
        <div id="sidebar-filter-panel" className={st.sidebarPanel}>
          <RadioGroup<SidebarMode>
            label="Filter by"
            options={[
              { value: 'site', label: 'Site, then client' },
              { value: 'client', label: 'Client, then site' },
            ]}
            value={state.sidebarMode}
            onChange={(sidebarMode) => onChange({ sidebarMode, sidebar: '' })}
          />
          <DebouncedSearchField
            className={st.sidebarSearch}
            label={state.sidebarMode === 'site' ? 'Search sites and clients' : 'Search clients and sites'}
            value={search}
            onSearch={setSearch}
            delay={0}
          />
          {search.trim() ? null : (
            <Checkbox
              isSelected={selection === null}
              isIndeterminate={selection !== null && selection.size > 0}
              onChange={(on) => set(toggleAll(on))}
            >
              All
            </Checkbox>
          )}
          <ul className={st.tree}>
            {shown.map((node) => {
              const picked = chosen.get(node.id) ?? [];
              const full = tree.find((n) => n.id === node.id)!;
              const all = picked.length === full.children.length && chosen.has(node.id);
              return (
                <li key={node.id}>
                  <div className={st.treeOption}>
                    <Checkbox
                      isSelected={all}
                      isIndeterminate={!all && picked.length > 0}
                      onChange={(on) => set(toggleParent(selection, tree, node.id, on))}
                    >
                      <span>
                        {node.country ? (
                          <>
                            <Flag country={node.country} />{' '}
                          </>
                        ) : null}
                        {node.label}
                        {node.description ? <span className={st.treeDescription}> {node.description}</span> : null}
                      </span>
                    </Checkbox>
                    <Button
                      className={st.only}
                      aria-label={`Only ${node.label}`}
                      onPress={() => set(onlyParent(tree, node.id))}
                    >
                      only
                    </Button>
                  </div>
                  {node.children.length ? (
                    <ul className={st.tree}>
                      {node.children.map((child) => (
                        <li key={child.id} className={st.treeOption}>
                          <Checkbox
                            isSelected={picked.includes(child.id)}
                            onChange={(on) => set(toggleChild(selection, tree, node.id, child.id, on))}
                          >
                            {child.country ? (
                              <>
                                <Flag country={child.country} />{' '}
                              </>
                            ) : null}
                            {child.label}
                          </Checkbox>
                          <Button
                            className={st.only}
                            aria-label={`Only ${child.label} of ${node.label}`}
                            onPress={() => set(onlyChild(tree, node.id, child.id))}
                          >
                            only
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
          {shown.length ? null : (
            <p role="status" className={st.treeDescription}>
              No match
            </p>
          )}
        </div>
      ) : null}
    </aside>
  );
}
