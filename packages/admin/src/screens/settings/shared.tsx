import { TABLE_PAGE_SIZE_OPTIONS, type Site } from '@lead/contract';
import { Pagination } from '@lead/headless/DataTable';
import { Select } from '@lead/headless/Select';
import * as s from '../../shell/shell.css.js';
import * as st from './settings.css.js';

const ALL = 0;

/** The tables' site filter: All sites, or one. */
export function SiteFilter({
  sites,
  value,
  onChange,
}: {
  sites: ReadonlyArray<Pick<Site, 'id' | 'name' | 'description'>>;
  value: number | null;
  onChange: (siteId: number | null) => void;
}) {
  return (
    <Select
      label="Site"
      options={[
        { id: ALL, label: 'All sites' },
        ...sites.map((x) => ({ id: x.id, label: x.name, description: x.description })),
      ]}
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? null : (v as number))}
    />
  );
}

/** The user and client tables page 200 rows, with 25, 50, 100 or 200 to choose. */
export function TablePages(props: {
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  return (
    <Pagination
      page={props.page}
      pageSize={props.pageSize}
      total={props.total}
      onPageChange={props.onPage}
      pageSizeOptions={TABLE_PAGE_SIZE_OPTIONS}
      onPageSizeChange={props.onSize}
      aria-label={props.label}
    />
  );
}

/** What a form still needs before Save is enabled, in words. */
export function StillNeeded({ errors }: { errors: Record<string, string[]> | undefined }) {
  if (!errors) return null;
  return (
    <ul aria-label="Still needed" className={s.muted}>
      {Object.values(errors)
        .flat()
        .map((m) => (
          <li key={m}>{m}</li>
        ))}
    </ul>
  );
}

/**
 * Values the user cannot change (their email, their role), shown as text under their labels: a
 * description list, not read-only inputs that look editable and that screen readers announce as
 * edit fields. `note` says why, under the value.
 */
export function ReadOnlyValues({ items }: { items: ReadonlyArray<{ label: string; value: string; note?: string }> }) {
  return (
    <dl className={st.readOnly}>
      {items.map((x) => (
        <div key={x.label} className={st.readOnlyItem}>
          <dt className={st.readOnlyLabel}>{x.label}</dt>
          <dd className={st.readOnlyValue}>
            {x.value}
            {x.note ? <span className={s.muted}> ({x.note})</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
