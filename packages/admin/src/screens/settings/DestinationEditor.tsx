import { Button } from '@lead/headless/Button';
import { CheckboxGroup } from '@lead/headless/Checkbox';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Switch } from '@lead/headless/Switch';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import * as s from '../../shell/shell.css.js';
import { delivery, destinationFormErrors, setDestinationField } from './delivery.store.js';
import { StillNeeded } from './shared.js';
import * as st from './settings.css.js';
import { useTouched } from '../../lib/form.js';

/** The messages each field shows: a refused recipient's ('recipients.2') under Recipients. */
const fieldErrors = (errors: Readonly<Record<string, readonly string[]>> | undefined) => ({
  name: errors?.name,
  url: errors?.url,
  recipients: errors?.recipients ?? Object.entries(errors ?? {}).find(([k]) => k.startsWith('recipients.'))?.[1],
});

const HOURS = Array.from({ length: 24 }, (_, h) => ({ id: h, label: `${String(h).padStart(2, '0')}:00` }));

type Actions = { onCancel: () => void; onSave: () => void };

/** A destination's settings on its page, with the page's one Cancel and Save. */
export function DestinationEditor(actions: Actions) {
  const { form } = useSnapshot(delivery);
  // A form of its own each time it opens: nothing touched yet.
  return form ? <DestinationForm key={`${form.kind}-${form.id ?? 'new'}`} {...actions} /> : null;
}

function DestinationForm({ onCancel, onSave }: Actions) {
  const { form: f, campaigns } = useSnapshot(delivery);
  const form = f!;
  const errors = destinationFormErrors();
  // Each field's message once it is left; Save says what is still needed until then.
  const touched = useTouched(fieldErrors(errors));
  const set = setDestinationField;
  const webhook = form.kind === 'webhook';
  return (
    <section aria-labelledby="destination-settings" className={s.form}>
      <h2 id="destination-settings">Settings</h2>
      <TextField
        label="Name"
        isRequired
        value={form.name}
        onChange={(v) => set('name', v)}
        {...touched.field('name')}
      />
      <Switch isSelected={form.enabled} onChange={(v) => set('enabled', v)}>
        On
      </Switch>
      {webhook ? (
        <TextField
          label="URL"
          type="url"
          isRequired
          value={form.url}
          onChange={(v) => set('url', v)}
          {...touched.field('url')}
          description="An https:// address; each lead is posted there as one signed JSON event."
        />
      ) : (
        <>
          <TextField
            label="Recipients"
            isRequired
            rows={2}
            value={form.recipients}
            onChange={(v) => set('recipients', v)}
            {...touched.field('recipients')}
            description="E-mail addresses, separated by commas."
          />
          <RadioGroup
            label="File"
            orientation="horizontal"
            options={[
              { value: 'xlsx', label: 'XLSX' },
              { value: 'csv', label: 'CSV' },
            ]}
            value={form.format}
            onChange={(v) => set('format', v)}
          />
          <RadioGroup
            label="Schedule"
            orientation="horizontal"
            options={[
              { value: 'daily', label: 'Daily' },
              { value: 'hourly', label: 'Hourly' },
            ]}
            value={form.schedule}
            onChange={(v) => set('schedule', v)}
            description="The new leads since the last file; nothing is sent when there are none."
          />
          {form.schedule === 'daily' ? (
            <Select
              label="At"
              options={HOURS}
              value={form.hour}
              onChange={(v) => set('hour', v as number)}
              description="In the time zone of the client's site."
            />
          ) : null}
        </>
      )}
      <RadioGroup
        label="Campaigns"
        options={[
          { value: 'all', label: "Every campaign of the client's, now and later" },
          { value: 'chosen', label: 'Chosen campaigns' },
        ]}
        value={form.allCampaigns ? 'all' : 'chosen'}
        onChange={(v) => set('allCampaigns', v === 'all')}
      />
      {form.allCampaigns ? null : (
        <CheckboxGroup
          label="Chosen campaigns"
          options={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
          value={form.campaignIds.map(String)}
          onChange={(v) => set('campaignIds', v.map(Number))}
        />
      )}
      <StillNeeded errors={errors} />
      <div className={st.toolbar}>
        <Button onPress={onCancel}>Cancel</Button>
        <Button variant="primary" isDisabled={Boolean(errors)} onPress={onSave}>
          Save
        </Button>
      </div>
    </section>
  );
}
