import { LAYOUTS, type Layout } from '@lead/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { GridList, GridListItem, type Selection } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import { Icon } from '../../shell/icons.js';
import { chooseLayout } from './design.actions.js';
import { LAYOUT_PURPOSES, limitsText } from './layout-guide.js';
import { LayoutStage } from './LayoutStage.js';
import { builder } from './state.js';
import { LAYOUT_NAMES } from './samples.js';
import * as st from './template.css.js';
import { CHOOSE_LAYOUT } from './validation.js';

/**
 * The scale at which a 1280 px page fits a card, for every card at once (they are all as wide):
 * read from the first card's frame whenever the grid's size changes, written as --stage-scale.
 */
function useStageScale(grid: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const g = grid.current;
    if (!g || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const frame = g.querySelector('[data-layout-stage]');
      if (frame) g.style.setProperty('--stage-scale', String(frame.clientWidth / st.STAGE.width));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(g);
    return () => observer.disconnect();
  }, [grid]);
}

/**
 * A row's description, set on the element: GridListItem names a row by its textValue (the layout's
 * name) and passes no aria-describedby of its own.
 */
const describedBy = (ids: string) => (row: HTMLDivElement | null) => row?.setAttribute('aria-describedby', ids);

/** The layout a selection names, or null for an empty one (the list never empties itself). */
const chosenIn = (keys: Selection): Layout | null =>
  keys === 'all' ? null : (((LAYOUTS as readonly string[]).find((l) => keys.has(l)) as Layout | undefined) ?? null);

/**
 * TEMPLATE: the twelve layouts as cards, each drawn where it sits on a laptop's page, with its name,
 * what it is for and its limits; one grid list (a row a card, named by the layout's name and described
 * by its purpose and limits). The arrow keys, Home and End only move the
 * focus; Enter, Space or a click chooses (selection toggles, never follows the focus), because
 * choosing resets the builder: it loads the layout's sample and goes on to TRIGGER
 * (design.actions.ts chooseLayout).
 */
export function TemplateStep() {
  const { layout } = useSnapshot(builder);
  const grid = useRef<HTMLDivElement>(null);
  useStageScale(grid);
  return (
    <>
      {/* Why Next waits (validation.ts): said once, until a layout is chosen. */}
      {layout === null ? (
        <p role="status" data-step-reason="">
          {CHOOSE_LAYOUT}
        </p>
      ) : null}
      <GridList
        ref={grid}
        aria-label="Layout"
        layout="grid"
        selectionMode="single"
        selectionBehavior="toggle"
        disallowEmptySelection
        selectedKeys={layout === null ? [] : [layout]}
        onSelectionChange={(keys) => {
          const chosen = chosenIn(keys);
          if (chosen !== null && chosen !== layout) chooseLayout(chosen);
        }}
        className={st.layouts}
        data-field=""
      >
        {LAYOUTS.map((l) => (
          <GridListItem
            key={l}
            id={l}
            textValue={LAYOUT_NAMES[l]}
            className={st.card}
            data-layout-card={l}
            ref={describedBy(`layout-${l}-purpose layout-${l}-limits`)}
          >
            {({ isSelected }) => (
              <>
                <LayoutStage layout={l} />
                <span className={st.nameRow}>
                  <span className={st.name} data-layout-name="">
                    {LAYOUT_NAMES[l]}
                  </span>
                  {isSelected ? (
                    <span className={st.tick} data-tick="">
                      <Icon name="check" width={16} height={16} strokeWidth={2.5} />
                    </span>
                  ) : null}
                </span>
                <span id={`layout-${l}-purpose`} className={st.purpose}>
                  {LAYOUT_PURPOSES[l]}
                </span>
                <span id={`layout-${l}-limits`} className={st.limits} data-layout-limits="">
                  {limitsText(l)}
                </span>
              </>
            )}
          </GridListItem>
        ))}
      </GridList>
    </>
  );
}
