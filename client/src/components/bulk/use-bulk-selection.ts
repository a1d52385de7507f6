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

/** Checks or unchecks these ids in a copy of the set. */
function withIds(current: ReadonlySet<string>, ids: readonly string[], checked: boolean): ReadonlySet<string> {
  const next = new Set(current);
  for (const id of ids) {
    if (checked) next.add(id);
    else next.delete(id);
  }
  return next;
}

export function useBulkSelection(): BulkSelection {
  const [ids, setIds] = React.useState<ReadonlySet<string>>(() => new Set());
  const [allMatching, setAllMatching] = React.useState(false);
  // The functions keep their identity from render to render (an effect may depend on `clear`).
  const actions = React.useMemo(
    () => ({
      toggle: (id: string, checked: boolean) => {
        setAllMatching(false);
        setIds((current) => withIds(current, [id], checked));
      },
      togglePage: (pageIds: readonly string[], checked: boolean) => {
        setAllMatching(false);
        setIds((current) => withIds(current, pageIds, checked));
      },
      selectAllMatching: () => setAllMatching(true),
      clear: () => {
        setAllMatching(false);
        setIds((current) => (current.size === 0 ? current : new Set()));
      },
    }),
    [],
  );
  return React.useMemo(() => ({ ids, allMatching, ...actions }), [ids, allMatching, actions]);
}
