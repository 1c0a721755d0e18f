import { LAYOUTS, type Layout } from '@lead/contract';
import { useEffect, useRef, type RefObject } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
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
 * TEMPLATE: the twelve layouts as cards, each drawn where it sits on a laptop's page, with its name,
 * what it is for and its limits; one radio group (arrow keys move and choose, as any radio group).
 * Choosing a layout loads its sample and goes on to TRIGGER (design.actions.ts chooseLayout).
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
      <RadioGroup
        ref={grid}
        aria-label="Layout"
        value={layout}
        onChange={(v) => chooseLayout(v as Layout)}
        className={st.layouts}
        data-field=""
      >
        {LAYOUTS.map((l) => (
          <Radio
            key={l}
            value={l}
            className={st.card}
            data-layout-card={l}
            aria-labelledby={`layout-${l}-name`}
            aria-describedby={`layout-${l}-purpose layout-${l}-limits`}
          >
            {({ isSelected }) => (
              <>
                <LayoutStage layout={l} />
                <span className={st.nameRow}>
                  <span id={`layout-${l}-name`} className={st.name} data-layout-name="">
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
          </Radio>
        ))}
      </RadioGroup>
    </>
  );
}
