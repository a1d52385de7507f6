import * as React from 'react';

/**
 * The rows a list has checked for a bulk action: some ids, or every row its filter matches
 * ("Select all N matching"). A changed filter clears it, so it never covers rows out of sight.
 */
export interface BulkSelection {
  ids: ReadonlySet<string>;
  allMatching: boolean;
  toggle(id: string, checked: boolean): void;
  /** Checks or unchecks the rows of the page shown. */
  togglePage(ids: readonly string[], checked: boolean): void;
  selectAllMatching(): void;
  clear(): void;
}

export function useBulkSelection(): BulkSelection {
  const [ids, setIds] = React.useState<ReadonlySet<string>>(() => new Set());
  const [allMatching, setAllMatching] = React.useState(false);
  return React.useMemo(
    () => ({
      ids,
      allMatching,
      toggle: (id, checked) => {
        setAllMatching(false);
        setIds((current) => {
          const next = new Set(current);
          if (checked) next.add(id);
          else next.delete(id);
          return next;
        });
      },
      togglePage: (pageIds, checked) => {
        setAllMatching(false);
        setIds((current) => {
          const next = new Set(current);
          for (const id of pageIds) {
            if (checked) next.add(id);
            else next.delete(id);
          }
          return next;
        });
      },
      selectAllMatching: () => setAllMatching(true),
      clear: () => {
        setAllMatching(false);
        setIds(new Set());
      },
    }),
    [ids, allMatching],
  );
}
