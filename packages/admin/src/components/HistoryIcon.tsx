/*
 * The small picture beside a history entry, by its kind (the entry's `icon`). Decorative: the
 * entry's text says what happened ("Created campaign …"), so it is hidden from screen readers.
 */
const PATHS: Record<string, string> = {
  create: 'M8 3v10M3 8h10',
  update: 'M3 13l1-3 7-7 2 2-7 7-3 1zM10 4l2 2',
  delete: 'M3 4h10M6 4V3h4v1M5 4l1 9h4l1-9',
  status: 'M8 2v6M4.5 4.5a5 5 0 1 0 7 0',
  schedule: 'M8 4v4l3 2M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12z',
  clone: 'M5 5h8v8H5zM3 11V3h8',
  import: 'M8 2v8M5 7l3 3 3-3M3 13h10',
  password: 'M6 9a3 3 0 1 1 2.8-4H14v2h-2v2h-2V7H8.8A3 3 0 0 1 6 9z',
  export: 'M8 10V2M5 5l3-3 3 3M3 13h10',
  erase: 'M6 13h7M3 10l5-7 5 4-4 6H6z',
};

export function HistoryIcon({ kind }: { kind: string }) {
  const d = PATHS[kind] ?? 'M8 8m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0';
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      data-icon={kind}
      width={16}
      height={16}
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
