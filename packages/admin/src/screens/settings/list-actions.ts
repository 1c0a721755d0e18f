/** What a settings table's store holds besides its rows and form. */
interface ListStore<T> {
  name: string;
  siteId: number | null;
  page: number;
  pageSize: number;
  form: unknown;
  deleting: T | null;
}

/**
 * The actions the user and client tables share: search by name and filter by site (both reload
 * from page 1), paging, and closing the form or the delete question.
 */
export function listActions<T>(store: ListStore<T>, load: () => Promise<void>) {
  return {
    search(name: string): void {
      store.name = name;
      store.page = 1;
      void load();
    },
    filterSite(siteId: number | null): void {
      store.siteId = siteId;
      store.page = 1;
      void load();
    },
    setPage(page: number): void {
      store.page = page;
    },
    setPageSize(size: number): void {
      store.pageSize = size;
      store.page = 1;
    },
    closeForm(): void {
      store.form = null;
    },
    askDelete(item: T | null): void {
      store.deleting = item;
    },
  };
}

/** The rows of the current page. */
export const pageOf = <T>(rows: readonly T[], page: number, size: number): T[] =>
  rows.slice((page - 1) * size, page * size);
