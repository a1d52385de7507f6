import { describe, expect, it } from 'vitest';
import { newResId } from '../../../client/src/lib/res-id.ts';
import { sameDraft, sameWhenSent } from '../../../client/src/lib/same-draft.ts';

describe('sameDraft', () => {
  it('compares content, not references', () => {
    expect(sameDraft({ title: 'LDC', tags: ['a', 'b'] }, { title: 'LDC', tags: ['a', 'b'] })).toBe(true);
    expect(sameDraft({ title: 'LDC', tags: ['a', 'b'] }, { title: 'LDC', tags: ['a'] })).toBe(false);
    expect(sameDraft({ value: null }, { value: 0 })).toBe(false);
    expect(sameDraft([], {})).toBe(false);
  });

  it('takes a number typed as text that reads as NaN on both sides for no change', () => {
    expect(sameDraft({ fee: Number.NaN }, { fee: Number.NaN })).toBe(true);
    expect(sameDraft({ fee: Number.NaN }, { fee: 0 })).toBe(false);
  });

  it('compares drafts as they are sent when told how', () => {
    const same = sameWhenSent((draft: { key: string; title: string }) => ({ title: draft.title }));
    expect(same({ key: 'k1', title: 'Group 1' }, { key: 'k2', title: 'Group 1' })).toBe(true);
    expect(same({ key: 'k1', title: 'Group 1' }, { key: 'k1', title: 'Group 2' })).toBe(false);
  });
});

describe('newResId', () => {
  it('makes 24 hex digits, a new one each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newResId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
});
