import { describe, expect, it } from 'vitest';
import { MAX_PAGES_PER_RUN, pageRanges, type PageRange } from '../../../../worker/media/pdf-page-ranges.ts';

function pagesOf(ranges: PageRange[]): number[] {
  return ranges.flatMap(({ first, last }) => Array.from({ length: last - first + 1 }, (_, index) => first + index));
}

describe('pageRanges', () => {
  it('gives each run at once one range when the document is short', () => {
    expect(pageRanges(60, 2, 30)).toEqual([
      { first: 1, last: 30 },
      { first: 31, last: 60 },
    ]);
    expect(pageRanges(7, 2)).toEqual([
      { first: 1, last: 4 },
      { first: 5, last: 7 },
    ]);
    expect(pageRanges(5, 3)).toEqual([
      { first: 1, last: 2 },
      { first: 3, last: 4 },
      { first: 5, last: 5 },
    ]);
  });

  it('gives no more ranges than pages, and one page one range', () => {
    expect(pageRanges(1, 4)).toEqual([{ first: 1, last: 1 }]);
    expect(pageRanges(3, 4)).toEqual([
      { first: 1, last: 1 },
      { first: 2, last: 2 },
      { first: 3, last: 3 },
    ]);
  });

  it(`splits a long document into a multiple of the runs at once, each range at most ${MAX_PAGES_PER_RUN} pages`, () => {
    const ranges = pageRanges(53, 2);
    expect(ranges).toEqual([
      { first: 1, last: 14 },
      { first: 15, last: 27 },
      { first: 28, last: 40 },
      { first: 41, last: 53 },
    ]);
    expect(pageRanges(1000, 2)).toHaveLength(40);
  });

  it('covers every page once, in order, for any page count and runs at once', () => {
    for (let pages = 1; pages <= 130; pages += 1) {
      for (let runs = 1; runs <= 5; runs += 1) {
        const ranges = pageRanges(pages, runs);
        expect(pagesOf(ranges)).toEqual(Array.from({ length: pages }, (_, index) => index + 1));
        const lengths = ranges.map(({ first, last }) => last - first + 1);
        expect(Math.max(...lengths)).toBeLessThanOrEqual(MAX_PAGES_PER_RUN);
        expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
        expect(ranges.length % runs === 0 || ranges.length === pages).toBe(true);
      }
    }
  });

  it('has no range for a page count that is not a positive whole number', () => {
    expect(pageRanges(0, 2)).toEqual([]);
    expect(pageRanges(2.5, 2)).toEqual([]);
  });
});
