import { describe, expect, it } from 'vitest';
import { courseCategoryName } from '../../../client/src/features/subscriptions/subscription-labels.ts';

describe('courseCategoryName', () => {
  it("shows a category's name, not its key", () => {
    expect(courseCategoryName('kerala-psc')).toBe('Kerala PSC');
  });

  it('shows a category the list does not know as it is stored', () => {
    expect(courseCategoryName('Kerala Police')).toBe('Kerala Police');
  });
});
