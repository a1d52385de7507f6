/** A Ghostscript run renders at most this many pages, so a long document's runs share out unequal pages. */
export const MAX_PAGES_PER_RUN = 25;

export interface PageRange {
  first: number;
  last: number;
}

/**
 * Splits pages 1..pageCount into contiguous ranges, one Ghostscript run each, in page order. The
 * number of ranges is a multiple of `runsAtOnce` (or the page count, when smaller) and the ranges
 * differ in length by at most one page, so the runs going at once finish at about the same time;
 * a document longer than `runsAtOnce * MAX_PAGES_PER_RUN` pages gets more, shorter ranges, which
 * go to whichever run is free next.
 */
export function pageRanges(pageCount: number, runsAtOnce: number, maxPagesPerRun = MAX_PAGES_PER_RUN): PageRange[] {
  if (!Number.isInteger(pageCount) || pageCount < 1) return [];
  const width = Math.max(1, Math.floor(runsAtOnce));
  const count = Math.min(pageCount, width * Math.ceil(pageCount / (width * Math.max(1, maxPagesPerRun))));
  const shortLength = Math.floor(pageCount / count);
  const longer = pageCount % count;
  const ranges: PageRange[] = [];
  let first = 1;
  for (let index = 0; index < count; index += 1) {
    const length = shortLength + (index < longer ? 1 : 0);
    ranges.push({ first, last: first + length - 1 });
    first += length;
  }
  return ranges;
}
