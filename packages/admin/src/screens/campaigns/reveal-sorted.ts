/**
 * Where a table wider than its frame scrolls sideways under its sticky actions column, the sorted
 * column is scrolled into view (between the frame's start and the actions column), so that what
 * the rows are ordered by is always seen. Returns the scrollLeft to set, or null to leave it.
 */
export function sortedColumnScroll(
  frame: { left: number; right: number; scrollLeft: number },
  column: { left: number; right: number },
  actionsWidth: number,
): number | null {
  const end = frame.right - actionsWidth;
  if (column.right > end) return frame.scrollLeft + Math.min(column.right - end, column.left - frame.left);
  if (column.left < frame.left) return frame.scrollLeft - (frame.left - column.left);
  return null;
}

/** Scrolls `container` (a DataTable's root) so that its sorted column shows (sortedColumnScroll). */
export function revealSortedColumn(container: HTMLElement | null): void {
  const sorted = container?.querySelector<HTMLElement>('th[aria-sort=ascending], th[aria-sort=descending]');
  if (!container || !sorted || container.scrollWidth <= container.clientWidth) return;
  const box = container.getBoundingClientRect();
  const actions = container.querySelector<HTMLElement>('[data-actions-column]')?.getBoundingClientRect().width ?? 0;
  const to = sortedColumnScroll(
    { left: box.left, right: box.left + container.clientWidth, scrollLeft: container.scrollLeft },
    sorted.getBoundingClientRect(),
    actions,
  );
  if (to !== null) container.scrollLeft = to;
}
