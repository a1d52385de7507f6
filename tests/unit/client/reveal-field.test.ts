// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { revealInvalidField } from '../../../client/src/lib/reveal-field.ts';

beforeAll(() => {
  // jsdom lays nothing out: every element is "out of view", and scrolling is recorded.
  Element.prototype.scrollIntoView = vi.fn();
  globalThis.CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, (char) => `\\${char}`) } as typeof CSS;
});

afterEach(() => {
  document.body.innerHTML = '';
});

describe('revealInvalidField', () => {
  it('brings the field the editor marked into view and focuses it', () => {
    document.body.innerHTML = '<main><input id="winner-name" aria-invalid="false"><input id="lecturer-name" aria-invalid="true"></main>';
    const found = revealInvalidField(['lecturerId']);
    expect(found?.id).toBe('lecturer-name');
    expect(found?.scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement).toBe(found);
  });

  it("marks the server's field by the console's id conventions when the editor marked none, until it is changed", () => {
    document.body.innerHTML = '<main><input id="subscription-title"><input id="subscription-grossAmount" aria-invalid="false"></main>';
    const found = revealInvalidField(['grossAmount']);
    expect(found?.id).toBe('subscription-grossAmount');
    expect(found?.getAttribute('aria-invalid')).toBe('true');
    found?.dispatchEvent(new Event('input'));
    expect(found?.getAttribute('aria-invalid')).toBe('false');
  });

  it('finds a kebab-case id, and nothing when no control matches', () => {
    document.body.innerHTML = '<main><select id="winner-google-pay-or-upi"></select></main>';
    expect(revealInvalidField(['googlePayOrUpi'])?.id).toBe('winner-google-pay-or-upi');
    document.body.innerHTML = '<main><p id="lecture-notes">Notes</p></main>';
    expect(revealInvalidField(['notes'])).toBeNull();
  });
});
