/**
 * Where a table wider than its frame scrolls sideways between its sticky start (the row
 * checkboxes and the names) and its sticky actions column, the sorted column is scrolled into
 * view between them, so that what the rows are ordered by is always seen and never covers a
 * name. Returns the scrollLeft to set, or null to leave it.
 */
export function sortedColumnScroll(
  frame: { left: number; right: number; scrollLeft: number },
  column: { left: number; right: number },
  actionsWidth: number,
  startWidth = 0,
): number | null {
  const start = frame.left + startWidth;
  const end = frame.right - actionsWidth;
  if (column.right > end) return frame.scrollLeft + Math.min(column.right - end, column.left - start);
  if (column.left < start) return frame.scrollLeft - (start - column.left);
  return null;
}

/** Scrolls `container` (a DataTable's root) so that its sorted column shows (sortedColumnScroll). */
export function revealSortedColumn(container: HTMLElement | null): void {
  const sorted = container?.querySelector<HTMLElement>('th[aria-sort=ascending], th[aria-sort=descending]');
  if (!container || !sorted || container.scrollWidth <= container.clientWidth) return;
  // A column sticky at the start (the names) is always in view: nothing to scroll for it.
  const stickyStart = (el: HTMLElement) => {
    const css = getComputedStyle(el);
    return css.position === 'sticky' && css.left !== 'auto';
  };
  if (stickyStart(sorted)) return;
  const box = container.getBoundingClientRect();
  const actions = container.querySelector<HTMLElement>('[data-actions-column]')?.getBoundingClientRect().width ?? 0;
  // The sticky start ends where the last sticky header cell ends.
  const stickyEnd = [...container.querySelectorAll<HTMLElement>('thead th')]
    .filter((th) => stickyStart(th) && !th.hasAttribute('data-actions-column'))
    .reduce((end, th) => Math.max(end, th.getBoundingClientRect().right), box.left);
  const to = sortedColumnScroll(
    { left: box.left, right: box.left + container.clientWidth, scrollLeft: container.scrollLeft },
    sorted.getBoundingClientRect(),
    actions,
    stickyEnd - box.left,
  );
  if (to !== null) container.scrollLeft = to;
}
