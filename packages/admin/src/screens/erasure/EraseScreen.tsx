import { Button } from '@lead/headless/Button';
import { DataTable } from '@lead/headless/DataTable';
import { ConfirmDialog } from '@lead/headless/Dialog';
import { Select } from '@lead/headless/Select';
import { TextField } from '@lead/headless/TextField';
import { COUNTRY_NAMES, type Country } from '@lead/contract';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PageHeading } from '../../shell/PageHeading.js';
import * as s from '../../shell/shell.css.js';
import { isAdmin, session } from '../../stores/session.js';
import {
  askErase,
  countText,
  erasePerson,
  erasure,
  findPerson,
  loadCountries,
  lookupErrors,
  setLookup,
} from './erasure.store.js';
import { plural } from '../../lib/format.js';
import { useTouched } from '../../lib/form.js';
import * as er from './erase.css.js';

/** "Country": each site's own (no choice), or one of the caller's sites' countries. */
const EACH_SITE = 'each';

/**
 * "Erase a person" (docs/privacy.md): an admin finds a person's leads by e-mail or phone in every
 * campaign of their sites, sees what will go (a dry run: nothing changes), and erases it on
 * confirmation. A national number is read in the country chosen, or in each site's own country;
 * when that is a different person's number in different countries the server says which, and the
 * admin chooses. Results are announced (role=status) for screen readers.
 */
export default function EraseScreen() {
  const { user } = useSnapshot(session);
  const snap = useSnapshot(erasure);
  const admin = isAdmin(user);
  useEffect(() => {
    if (admin) void loadCountries();
  }, [admin]);
  const errors = lookupErrors();
  const form = useTouched(errors);
  const found = snap.found?.answer;
  return (
    <>
      <header className={s.pageHeader}>
        <PageHeading className={s.heading}>Erase a person</PageHeading>
      </header>
      {!admin ? (
        <p>Only admins can erase a person&apos;s data.</p>
      ) : (
        <>
          <p>
            Find a person&apos;s leads by e-mail address or phone number in every campaign of your sites. Erasing
            removes their name, e-mail, phone, answers and page URL; the campaigns&apos; figures stay. System history
            records that it happened, never the e-mail or number.
          </p>
          <form
            aria-label="Find a person"
            className={`${s.form} ${er.findForm}`}
            onSubmit={(e) => {
              e.preventDefault();
              if (form.submit()) void findPerson();
            }}
          >
            <TextField
              label="E-mail"
              type="email"
              value={snap.email}
              onChange={(v) => setLookup('email', v)}
              {...form.field('email')}
            />
            <TextField
              label="Phone"
              type="tel"
              value={snap.phone}
              onChange={(v) => setLookup('phone', v)}
              description="As the person typed it. A number with its country code (+84…) is that number on every site."
              onBlur={form.field('phone').onBlur}
              errorMessage={form.error('phone') ?? snap.refused?.phone?.[0] ?? null}
            />
            <Select<string>
              label="Country"
              options={[
                { id: EACH_SITE, label: "Each site's own" },
                ...snap.countries.map((c) => ({ id: c, label: COUNTRY_NAMES[c] })),
              ]}
              value={snap.country || EACH_SITE}
              onChange={(v) => setLookup('country', !v || v === EACH_SITE ? '' : (v as Country))}
              description="Where a national number (0912 345 678) is read: in the country chosen, or in the country of each lead's site."
              errorMessage={form.error('country') ?? snap.refused?.country?.[0] ?? null}
            />
            <Button type="submit" variant="primary" isDisabled={snap.busy}>
              Find
            </Button>
          </form>
          <div role="status" aria-live="polite">
            {found ? (
              <p>
                {found.leads
                  ? `Found ${countText(found)}. Nothing has been erased yet.`
                  : 'No lead holds this e-mail or phone number.'}
              </p>
            ) : null}
            {found?.phone_e164 ? <p>The phone number is {found.phone_e164}.</p> : null}
            {snap.erased ? <p>Erased {countText(snap.erased)}.</p> : null}
          </div>
          {found && found.leads > 0 ? (
            <>
              <DataTable
                aria-label="What will be erased"
                rows={found.by_campaign}
                getRowId={(c) => c.id}
                columns={[
                  { id: 'name', header: 'Campaign', cell: (c) => c.name, isRowHeader: true },
                  { id: 'code', header: 'Code', cell: (c) => c.code },
                  { id: 'site', header: 'Site', cell: (c) => c.site },
                  { id: 'leads', header: 'Leads', cell: (c) => String(c.leads) },
                ]}
              />
              <Button variant="danger" isDisabled={snap.busy} onPress={() => askErase(true)}>
                Erase {plural(found.leads, 'lead')}
              </Button>
            </>
          ) : null}
          <ConfirmDialog
            isOpen={snap.confirming}
            title="Erase this person's data?"
            message={found ? `The personal data of ${countText(found)} will be erased. This cannot be undone.` : ''}
            confirmLabel="Erase"
            tone="danger"
            onConfirm={() => void erasePerson()}
            onCancel={() => askErase(false)}
          />
        </>
      )}
    </>
  );
}
