import { LAYOUTS, type Layout } from '@lead/contract';
import { Radio, RadioGroup } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import { chooseLayout } from './design.actions.js';
import { builder } from './state.js';
import { LAYOUT_NAMES } from './samples.js';
import { CHOOSE_LAYOUT } from './validation.js';

/** Where each layout's pop-up sits on the page, for its picture (left, top, width, height in %). */
const BOXES: Record<Layout, [number, number, number, number]> = {
  Floating: [0, 80, 100, 20],
  Tab: [78, 70, 18, 25],
  SkinA: [0, 0, 15, 100],
  SkinB: [85, 0, 15, 100],
  CenterTab: [35, 75, 30, 25],
  LightBoxA: [30, 20, 40, 60],
  LightBoxB: [25, 15, 50, 70],
  InlineA: [10, 40, 80, 20],
  InlineB: [20, 35, 60, 30],
  Fullscreen: [0, 0, 100, 100],
  Sidebar: [70, 0, 30, 100],
  Slider: [65, 55, 32, 40],
};

export function TemplateStep() {
  const { layout } = useSnapshot(builder);
  return (
    <>
      {/* Why Next waits (validation.ts): said once, until a layout is chosen. */}
      {layout === null ? (
        <p role="status" data-step-reason="">
          {CHOOSE_LAYOUT}
        </p>
      ) : null}
      <RadioGroup
        aria-label="Layout"
        value={layout}
        onChange={(v) => chooseLayout(v as Layout)}
        className={st.layouts}
        data-field=""
      >
        {LAYOUTS.map((l) => {
          const [left, top, width, height] = BOXES[l];
          return (
            <Radio key={l} value={l} data-radio="" data-layout-card="">
              <span className={st.thumb} aria-hidden="true">
                <span
                  className={st.thumbBox}
                  style={{ left: `${left}%`, top: `${top}%`, width: `${width}%`, height: `${height}%` }}
                />
              </span>
              {LAYOUT_NAMES[l]}
            </Radio>
          );
        })}
      </RadioGroup>
    </>
  );
}
