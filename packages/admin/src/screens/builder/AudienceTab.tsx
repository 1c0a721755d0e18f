/**
 * The Target step's "Audience" tab: who sees the campaign beyond its pages and devices (the
 * visit's source, new or returning visitors, pages read in the visit, a share of visitors).
 * Saved as `extra_fields.audience` and decided by the runtime's choice function (docs/runtime.md).
 */
import {
  AUDIENCE_FIELDS,
  AUDIENCE_OPS,
  type AudienceField,
  type AudienceOp,
  type AudienceVisitor,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import { builder } from './state.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError } from './validation.js';
import {
  addSourceCondition,
  audienceOf,
  removeSourceCondition,
  setAudience,
  setSourceCondition,
  typedNumber,
} from './audience.actions.js';

const FIELD_LABELS: Record<AudienceField, string> = {
  utm_source: 'utm_source',
  utm_medium: 'utm_medium',
  utm_campaign: 'utm_campaign',
  utm_term: 'utm_term',
  utm_content: 'utm_content',
  referrer_host: 'Referrer host',
};
const OP_LABELS: Record<AudienceOp, string> = { equals: 'equals', contains: 'contains' };

export function AudienceTab() {
  const b = useSnapshot(builder);
  const errors = useBuilderErrors();
  const a = audienceOf(b.extraKept);
  const error = fieldError(errors, 'extra_fields.audience');
  return (
    <div className={st.column}>
      <ul className={st.list} aria-label="Source conditions">
        {a.sources.map((c, i) => (
          <li key={i} className={st.row}>
            <Select
              label={`Condition ${i + 1}: field`}
              options={AUDIENCE_FIELDS.map((f) => ({ id: f, label: FIELD_LABELS[f] }))}
              value={c.field}
              onChange={(v) => v && setSourceCondition(i, { field: v as AudienceField })}
            />
            <Select
              label={`Condition ${i + 1}: comparison`}
              options={AUDIENCE_OPS.map((o) => ({ id: o, label: OP_LABELS[o] }))}
              value={c.op}
              onChange={(v) => v && setSourceCondition(i, { op: v as AudienceOp })}
            />
            <TextField
              label={`Condition ${i + 1}: value`}
              value={c.value}
              onChange={(value) => setSourceCondition(i, { value })}
            />
            <Button onPress={() => removeSourceCondition(i)} aria-label={`Remove condition ${i + 1}`}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className={st.row}>
        <Button onPress={addSourceCondition}>Add source condition</Button>
      </div>
      <RadioGroup
        label="Visitors"
        orientation="horizontal"
        options={[
          { value: 'any', label: 'Any' },
          { value: 'new', label: 'New' },
          { value: 'returning', label: 'Returning' },
        ]}
        value={a.visitor}
        onChange={(v) => setAudience({ visitor: v as AudienceVisitor })}
      />
      <TextField
        label="Pages read in this visit, at least"
        value={Number.isFinite(a.minPages) ? String(a.minPages) : ''}
        onChange={(text) => setAudience({ minPages: typedNumber(text) })}
      />
      <TextField
        label="Show to % of eligible visitors"
        value={Number.isFinite(a.percent) ? String(a.percent) : ''}
        onChange={(text) => setAudience({ percent: typedNumber(text) })}
        description="Each visitor is in or out once, and stays so."
      />
      {error ? (
        <p role="status" data-field-error="">
          {error}
        </p>
      ) : null}
    </div>
  );
}
