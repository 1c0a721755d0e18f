import {
  BACKDROP,
  BUTTON_RADIUS,
  POPUP_FONT_IDS,
  POPUP_FONT_LABELS,
  contrastProblems,
  type PopupFont,
  type PopupStyle,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useState } from 'react';
import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import * as css from './StylePanel.css.js';
import { hexOf, resetStyle, setButtonShape, setColour, setStyle, shownStyle, type ColourKey } from './style.actions.js';
import { builder } from './state.js';

const COLOURS: Array<{ key: ColourKey; label: string; description?: string }> = [
  { key: 'brand', label: 'Brand colour', description: 'Buttons and links' },
  { key: 'text', label: 'Text colour' },
  { key: 'background', label: 'Background colour' },
];

/**
 * The pop-up's style (extra_fields.popupStyle): colours, font, buttons, backdrop, Close and the
 * Floating bar's edge, shown at once in the preview; a warning when text falls under WCAG AA.
 * A campaign without a style shows today's look here, and gets a style at its first change.
 */
export default function StyleControls() {
  const b = useSnapshot(builder);
  const s = shownStyle(b.style as PopupStyle | null);
  const problems = contrastProblems(s);
  return (
    <details className={st.editor} data-style-panel="">
      <summary>Style</summary>
      <div className={css.grid}>
        {COLOURS.map((c) => (
          <ColourField key={c.key} which={c.key} label={c.label} description={c.description} value={s[c.key]} />
        ))}
      </div>
      <div role="status" aria-label="Contrast">
        {problems.length ? (
          <ul className={css.warnings} data-contrast-warning="">
            {problems.map((p) => (
              <li key={p.pair}>{p.message}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className={css.grid}>
        <Select
          label="Font"
          options={POPUP_FONT_IDS.map((id) => ({ id, label: POPUP_FONT_LABELS[id] }))}
          value={s.font}
          onChange={(font) => font && setStyle({ font: font as PopupFont })}
        />
        <RadioGroup
          label="Buttons"
          orientation="horizontal"
          options={[
            { value: 'filled', label: 'Filled' },
            { value: 'outline', label: 'Outline' },
          ]}
          value={s.buttonShape.fill}
          onChange={(fill) => setButtonShape({ fill })}
        />
        <StyleSlider
          label="Button corner radius"
          unit="px"
          range={BUTTON_RADIUS}
          value={s.buttonShape.radius}
          onChange={(radius) => setButtonShape({ radius })}
        />
        {b.layout?.startsWith('LightBox') ? (
          <StyleSlider
            label="Backdrop strength"
            unit="%"
            range={BACKDROP}
            value={s.backdrop}
            onChange={(backdrop) => setStyle({ backdrop })}
          />
        ) : null}
        <RadioGroup
          label="Close button"
          orientation="horizontal"
          options={[
            { value: 'left', label: 'Left' },
            { value: 'right', label: 'Right' },
          ]}
          value={s.closePosition}
          onChange={(closePosition) => setStyle({ closePosition })}
        />
        {b.layout === 'Floating' ? (
          <RadioGroup
            label="Floating bar edge"
            orientation="horizontal"
            options={[
              { value: 'bottom', label: 'Bottom' },
              { value: 'top', label: 'Top' },
            ]}
            value={s.edge}
            onChange={(edge) => setStyle({ edge })}
          />
        ) : null}
      </div>
      {b.style ? <Button onPress={resetStyle}>Back to the default style</Button> : null}
    </details>
  );
}

/** A colour as #rrggbb (or #rgb) with a swatch of it; what is not a colour is said under the field and not kept. */
function ColourField({
  which,
  label,
  description,
  value,
}: {
  which: ColourKey;
  label: string;
  description?: string;
  value: string;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const bad = draft !== null && hexOf(draft) === null;
  return (
    <div className={css.colour}>
      <span className={css.swatch} style={{ background: value }} aria-hidden="true" data-swatch={which} />
      <TextField
        label={label}
        description={description}
        value={draft ?? value}
        onChange={(text) => {
          setDraft(text);
          setColour(which, text);
        }}
        onBlur={() => !bad && setDraft(null)}
        errorMessage={bad ? 'Write the colour as #rrggbb, e.g. #1d4fc4.' : null}
      />
    </div>
  );
}

function StyleSlider({
  label,
  unit,
  range,
  value,
  onChange,
}: {
  label: string;
  unit: string;
  range: { min: number; max: number };
  value: number;
  onChange(value: number): void;
}) {
  return (
    <Slider className={css.slider} minValue={range.min} maxValue={range.max} step={1} value={value} onChange={onChange}>
      <div className={css.sliderHead}>
        <Label>{label}</Label>
        <SliderOutput>{({ state }) => `${state.getThumbValue(0)} ${unit}`}</SliderOutput>
      </div>
      <SliderTrack className={css.track}>
        <SliderThumb className={css.thumb} />
      </SliderTrack>
    </Slider>
  );
}
