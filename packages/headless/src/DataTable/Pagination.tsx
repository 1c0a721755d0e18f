import { useState } from 'react';
import {
  Button,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  TextField,
  Text,
} from 'react-aria-components';
import { rootStyling, useControlled, type RootProps } from '../internal/compose.js';

/** The page numbers to show: the first, the last, and two either side of the current, with gaps as null. */
export function pageWindow(page: number, pageCount: number, around = 1): Array<number | null> {
  if (pageCount <= 0) return [];
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

export interface PaginationProps extends RootProps<HTMLElement, { page: number; pageCount: number }> {
  /** The current page, 1-based, controlled. */
  page?: number;
  /** The first page, uncontrolled (1). */
  defaultPage?: number;
  /** Rows per page, controlled. */
  pageSize?: number;
  /** The first rows per page, uncontrolled (the first of `pageSizeOptions`, or 10). */
  defaultPageSize?: number;
  /** How many rows there are in all. */
  total: number;
  /** Called with the page the user chose. */
  onPageChange?: (page: number) => void;
  /** Offers a page-size select with these sizes. */
  pageSizeOptions?: readonly number[];
  /** Called with the rows per page the user chose. */
  onPageSizeChange?: (size: number) => void;
  /** Shows the "Go to page" field. */
  showQuickJump?: boolean;
  /** The navigation landmark's name ("Pagination"). */
  'aria-label'?: string;
}

/**
 * Page navigation for a table: Previous, the page numbers (the current has
 * `aria-current="page"`), Next, a page-size select and a "Go to page" field that jumps on Enter.
 * Controlled (`page`, `pageSize`) or not (`defaultPage`, `defaultPageSize`). DOM props, `ref`,
 * `className` and `style` (or functions of `{ page, pageCount }`) are the `<nav>`'s.
 */
export function Pagination({
  page: pageProp,
  defaultPage = 1,
  pageSize: pageSizeProp,
  defaultPageSize,
  total,
  onPageChange,
  pageSizeOptions,
  /** Called with the rows per page the user chose. */
  onPageSizeChange: reportPageSize,
  showQuickJump = true,
  className,
  style,
  'aria-label': label = 'Pagination',
  ...props
}: PaginationProps) {
  const [page, setPage] = useControlled(pageProp, defaultPage, onPageChange);
  const [pageSize, onPageSizeChange] = useControlled(
    pageSizeProp,
    defaultPageSize ?? pageSizeOptions?.[0] ?? 10,
    reportPageSize,
  );
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);
  const go = (p: number) => {
    if (p >= 1 && p <= pageCount && p !== page) setPage(p);
  };
  const submitJump = () => {
    const n = Number(jump.trim());
    if (!Number.isInteger(n) || n < 1 || n > pageCount) {
      setJumpError(`Enter a page from 1 to ${pageCount}.`);
      return;
    }
    setJumpError(null);
    setJump('');
    go(n);
  };
  return (
    <nav
      {...props}
      {...rootStyling({ page, pageCount }, className, style)}
      aria-label={label}
      data-lead=""
      data-pagination=""
    >
      <Button onPress={() => go(page - 1)} isDisabled={page <= 1} aria-label="Previous page" data-page-previous="">
        <span aria-hidden="true">‹</span>
      </Button>
      <ul data-page-list="">
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} data-page-gap="" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Button
                onPress={() => go(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? 'page' : undefined}
                data-page-button=""
                data-current={p === page || undefined}
              >
                {p}
              </Button>
            </li>
          ),
        )}
      </ul>
      <Button onPress={() => go(page + 1)} isDisabled={page >= pageCount} aria-label="Next page" data-page-next="">
        <span aria-hidden="true">›</span>
      </Button>
      {pageSizeOptions ? (
        <Select
          selectedKey={pageSize}
          onSelectionChange={(k) => k !== null && onPageSizeChange(Number(k))}
          data-page-size=""
        >
          <Label>Rows per page</Label>
          <Button data-select-button="">
            <SelectValue />
            <span aria-hidden="true"> ▾</span>
          </Button>
          <Popover data-lead="" data-select-popover="">
            <ListBox>
              {pageSizeOptions.map((s) => (
                <ListBoxItem key={s} id={s} textValue={`${s} / page`}>
                  {s} / page
                </ListBoxItem>
              ))}
            </ListBox>
          </Popover>
        </Select>
      ) : null}
      {showQuickJump ? (
        <TextField
          value={jump}
          onChange={(v) => {
            setJump(v);
            setJumpError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submitJump();
          }}
          isInvalid={jumpError !== null}
          inputMode="numeric"
          data-quick-jump=""
        >
          <Label>Go to page</Label>
          <Input />
          {jumpError ? (
            <Text slot="errorMessage" data-field-error="">
              {jumpError}
            </Text>
          ) : null}
        </TextField>
      ) : null}
    </nav>
  );
}
