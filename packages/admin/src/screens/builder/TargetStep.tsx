import {
  DEVICE_TYPE_LABELS,
  MATCH_OPTION_LABELS,
  MATCH_OPTIONS,
  UPLOAD_LIMITS,
  type DeviceType,
  type MatchOption,
  DEVICE_TYPES,
} from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { CheckboxGroup } from '@lead/headless/Checkbox';
import { FileDropZone } from '@lead/headless/FileDropZone';
import { TagInput } from '@lead/headless/Filters';
import { RadioGroup } from '@lead/headless/RadioGroup';
import { Select } from '@lead/headless/Select';
import { Tabs } from '@lead/headless/Tabs';
import { TextField } from '@lead/headless/TextField';
import { useSnapshot } from 'valtio';
import * as st from './builder.css.js';
import * as sh from '../../shell/shell.css.js';
import { builder } from './state.js';
import { DESKTOP_ONLY } from './samples.js';
import { savedDevices } from './wire.js';
import { useBuilderErrors } from './useBuilderErrors.js';
import { fieldError } from './validation.js';
import {
  addLink,
  addSubTarget,
  downloadImport,
  downloadSample,
  removeSubTarget,
  removeTarget,
  setCsvFile,
  setSubDraft,
  setSubOption,
  setDevices,
  setLinkDraft,
  setLinkOption,
  setTags,
  setTargetType,
} from './target.actions.js';
import { notifyDropZoneError } from '../../stores/ui.js';
import { AudienceTab } from './AudienceTab.js';

export function TargetStep() {
  const b = useSnapshot(builder);
  const desktopOnly = b.layout !== null && DESKTOP_ONLY.includes(b.layout);
  const errors = useBuilderErrors();
  return (
    <Tabs
      aria-label="Target"
      tabs={[
        {
          id: 'page',
          label: 'Page',
          content: (
            <div className={st.column}>
              <RadioGroup
                label="Target by"
                orientation="horizontal"
                options={[
                  { value: 'links', label: 'Links' },
                  { value: 'tags', label: 'Tags' },
                  { value: 'csv', label: 'CSV import' },
                ]}
                value={b.targetType}
                onChange={setTargetType}
              />
              {b.targetType === 'links' ? (
                <>
                  <form
                    className={st.row}
                    onSubmit={(e) => {
                      e.preventDefault();
                      addLink();
                    }}
                  >
                    <TextField
                      label="Link"
                      value={b.linkDraft}
                      onChange={setLinkDraft}
                      placeholder={`https://${b.siteHost}/`}
                      errorMessage={b.linkError}
                    />
                    <Select
                      label="Match"
                      options={MATCH_OPTIONS.map((o) => ({ id: o, label: MATCH_OPTION_LABELS[o] }))}
                      value={b.linkOption}
                      onChange={(v) => v && setLinkOption(v as MatchOption)}
                    />
                    <Button type="submit">Add link</Button>
                  </form>
                  <ul className={st.list} aria-label="Links">
                    {b.targets.map((t, i) => (
                      <li key={`${t.option}-${t.target}`} className={st.column}>
                        <div className={st.listItem}>
                          <span>
                            {MATCH_OPTION_LABELS[t.option]}: <code>{t.target}</code>
                          </span>
                          <Button onPress={() => removeTarget(i)} aria-label={`Remove ${t.target}`}>
                            Remove
                          </Button>
                        </div>
                        {fieldError(errors, `targets.${i}`) ? (
                          <p data-field-error="">{fieldError(errors, `targets.${i}`)}</p>
                        ) : null}
                        {t.option === 'start_with' ? (
                          <details className={st.excluding}>
                            <summary>Excluding ({t.sub_target.length})</summary>
                            <ul className={st.list} aria-label={`Excluded from ${t.target}`}>
                              {t.sub_target.map((sub, j) => (
                                <li key={`${sub.option}-${sub.value}`} className={st.listItem}>
                                  <span>
                                    {MATCH_OPTION_LABELS[sub.option]}: <code>{sub.value}</code>
                                  </span>
                                  <Button
                                    onPress={() => removeSubTarget(i, j)}
                                    aria-label={`Remove the exclusion ${sub.value}`}
                                  >
                                    Remove
                                  </Button>
                                </li>
                              ))}
                            </ul>
                            <form
                              className={st.row}
                              onSubmit={(e) => {
                                e.preventDefault();
                                addSubTarget(i);
                              }}
                            >
                              <TextField
                                label={`Exclude a page of ${t.target}`}
                                value={b.subDrafts[i]?.text ?? ''}
                                onChange={(v) => setSubDraft(i, v)}
                                errorMessage={b.subDrafts[i]?.error ?? null}
                              />
                              <Select
                                label="Match"
                                options={MATCH_OPTIONS.map((o) => ({ id: o, label: MATCH_OPTION_LABELS[o] }))}
                                value={b.subDrafts[i]?.option ?? 'start_with'}
                                onChange={(v) => v && setSubOption(i, v as MatchOption)}
                              />
                              <Button type="submit">Add exclusion</Button>
                            </form>
                          </details>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </>
              ) : b.targetType === 'tags' ? (
                <TagInput label="Tags" value={b.targets.map((t) => t.target)} onChange={setTags} />
              ) : (
                <div className={st.column}>
                  <FileDropZone
                    label="Drop a CSV file of targets here"
                    accept={['.csv', 'text/csv']}
                    maxSize={UPLOAD_LIMITS.csv.maxBytes}
                    onFiles={([file]) => file && void setCsvFile(file)}
                    onReject={notifyDropZoneError}
                    chooseLabel="Choose a CSV file"
                    hint="One CSV file of at most 10 MB: type, option, target, excluding."
                  />
                  <div role="status" aria-live="polite">
                    {b.csv.status === 'checking' ? <p>Checking {b.csv.name}…</p> : null}
                    {b.csv.status === 'valid' ? (
                      <p>
                        {b.csv.name}: {b.csv.message}
                      </p>
                    ) : null}
                    {b.csv.status === 'invalid' ? (
                      <>
                        <p>{b.csv.name} has errors:</p>
                        <ul>
                          {b.csv.errors.map((e) => (
                            <li key={e} data-field-error="">
                              {e}
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                    {b.csv.status === 'none' && b.hasImport ? (
                      <p>This campaign's targets were imported from {b.csv.name || 'a CSV file'}.</p>
                    ) : null}
                  </div>
                  <div className={st.row}>
                    <Button onPress={() => void downloadSample()}>Download sample</Button>
                    {b.mode === 'edit' && b.hasImport ? (
                      <Button onPress={() => void downloadImport()}>Download current targets</Button>
                    ) : null}
                  </div>
                </div>
              )}
              {/* What Next still needs, as help (nothing is wrong before anything is added): 'Please add at least one link or tag.' */}
              {(b.targetType !== 'csv' || b.csv.status === 'none') && fieldError(errors, 'targets') ? (
                <p role="status" className={sh.muted} data-step-needs="">
                  {fieldError(errors, 'targets')}
                </p>
              ) : null}
            </div>
          ),
        },
        {
          id: 'devices',
          label: 'Devices',
          content: (
            <CheckboxGroup
              label="Devices"
              options={DEVICE_TYPES.map((d) => ({
                value: String(d),
                label: DEVICE_TYPE_LABELS[d],
                // A desktop-only layout fixes Desktop: neither box changes (the choice counts again with another layout).
                isDisabled: desktopOnly,
              }))}
              value={savedDevices(b.layout, b.devices).map(String)}
              description={desktopOnly ? `The ${b.layout} layout is shown on desktops only.` : undefined}
              onChange={(v) => setDevices(v.map(Number) as DeviceType[])}
              errorMessage={fieldError(errors, 'device_types')}
            />
          ),
        },
        { id: 'audience', label: 'Audience', content: <AudienceTab /> },
      ]}
    />
  );
}
