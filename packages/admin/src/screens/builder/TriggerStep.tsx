import { SCROLL_CHOICES, TIME_ON_PAGE } from '@lead/contract';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import { setScroll, setTimeOnPage, setTrigger, settleTimeOnPage, triggerLocked } from './design.actions.js';
import { builder } from './state.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError } from './validation.js';

export function TriggerStep() {
  const b = useSnapshot(builder);
  const locked = triggerLocked();
  const errors = useBuilderErrors();
  return (
    <div className={st.column}>
      <RadioGroup
        label="Show the pop-up"
        options={[
          { value: 'on_landing', label: 'On Landing' },
          { value: 'on_scroll', label: 'On Scroll' },
        ]}
        value={b.trigger}
        onChange={setTrigger}
        isDisabled={locked}
        description={locked ? 'Inline layouts show where they sit in the article.' : undefined}
      />
      {/* In a row, as the Settings step's figures: a field as wide as its few digits, not the panel's width. */}
      <div className={st.row}>
        {b.trigger === 'on_landing' ? (
          <TextField
            label="Time on page (seconds)"
            value={b.timeOnPageText}
            onChange={setTimeOnPage}
            onBlur={settleTimeOnPage}
            description={`From ${TIME_ON_PAGE.min} to ${TIME_ON_PAGE.max} seconds.`}
            errorMessage={fieldError(errors, 'rules.time_on_page')}
          />
        ) : (
          <Select
            label="Scroll depth"
            options={SCROLL_CHOICES.map((p) => ({ id: p, label: `${p}%` }))}
            value={b.scroll}
            onChange={(v) => v !== null && setScroll(Number(v))}
            errorMessage={fieldError(errors, 'rules.scroll_percent')}
          />
        )}
      </div>
    </div>
  );
}
