import { MAX_SITE_CAP } from '@lead/contract';
import { Button } from '@lead/headless/Button';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTouched } from '../../lib/form.js';
import * as s from '../../shell/shell.css.js';
import { capErrors, chooseCapSite, loadCapSites, saveCap, setLimit, siteCap } from './site-cap.store.js';

/**
 * Account settings, Pop-up cap (admins only): how many pop-ups of a site's campaigns one visitor
 * sees at most per visit and per day, whatever each campaign's own rules allow (docs/runtime-audience.md,
 * "Audience"). 0 is no cap. A field's message shows once it was left or Save was pressed.
 */
export function SiteCapForm() {
  const snap = useSnapshot(siteCap);
  useEffect(() => {
    void loadCapSites();
  }, []);
  const form = useTouched(capErrors());
  const limit = (key: 'visit' | 'day', label: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={snap[key]}
      onChange={(v) => setLimit(key, v)}
      isDisabled={!snap.loaded}
      description={`A whole number from 0 to ${MAX_SITE_CAP}; 0 for no cap.`}
      {...form.field(key)}
    />
  );
  return (
    <form
      className={s.form}
      aria-labelledby="cap-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (form.submit()) void saveCap();
      }}
    >
      <h2 id="cap-title">Pop-up cap</h2>
      <p className={s.muted}>
        At most so many pop-ups of a site&apos;s campaigns for one visitor, whatever each campaign&apos;s own rules
        allow. Partner pages follow a change within a minute.
      </p>
      <Select
        label="Site"
        options={snap.sites.map((x) => ({ id: x.id, label: x.name, description: x.description }))}
        value={snap.siteId}
        onChange={(id) => {
          if (id === null || id === snap.siteId) return;
          form.reset();
          void chooseCapSite(id);
        }}
      />
      {limit('visit', 'Pop-ups per visit, at most')}
      {limit('day', 'Pop-ups per day, at most')}
      <div>
        <Button type="submit" variant="primary" isDisabled={!snap.loaded || snap.saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
