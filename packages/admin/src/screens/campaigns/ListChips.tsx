import type { Site } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { memo, useMemo } from 'react';
import { Button as AriaButton, Label, Tag, TagGroup, TagList } from 'react-aria-components';
import * as s from '../../shell/shell.css.js';
import { clearFilters, updateList } from './campaigns.store.js';
import * as st from './campaigns.css.js';
import { activeChips } from './list-filters.js';
import type { ListState } from './list-query.js';

/**
 * The filters in force, from wherever they were set (search, Site and Client menus, sidebar,
 * Filters panel), as removable chips ('Client: Acme', its button "Remove filter Client: Acme"),
 * then Clear filters. Nothing when no filter is on.
 */
export const ListChips = memo(function ListChips({ state, sites }: { state: ListState; sites: readonly Site[] }) {
  const chips = useMemo(() => activeChips(state, sites), [state, sites]);
  if (!chips.length) return null;
  return (
    <div className={st.chips}>
      <TagGroup
        aria-label="Active filters"
        onRemove={(keys) => {
          const patch = Object.assign({}, ...chips.filter((c) => keys.has(c.key)).map((c) => c.remove));
          updateList(patch);
        }}
      >
        <Label className={s.visuallyHidden}>Active filters</Label>
        <TagList className={st.chipList}>
          {chips.map((c) => (
            <Tag key={c.key} id={c.key} textValue={c.label} className={st.chip}>
              <span className={st.chipText} title={c.label}>
                {c.label}
              </span>
              <AriaButton slot="remove" aria-label={`Remove filter ${c.label}`}>
                ×
              </AriaButton>
            </Tag>
          ))}
        </TagList>
      </TagGroup>
      <Button onPress={clearFilters}>Clear filters</Button>
    </div>
  );
});
