import { describe, expect, it } from 'vitest';
import { z } from '../../../../shared/validation/zod.ts';
import { describeIssues } from '../../../../shared/validation/messages.ts';

const messages = (schema: z.ZodType, input: unknown, prefix?: string) => {
  const parsed = schema.safeParse(input);
  return describeIssues(parsed.error!.issues, prefix).map((issue) => issue.message);
};

describe('validation messages in plain words', () => {
  it('say a number read from text that is not one, or not whole, without "not a number"', () => {
    const page = z.object({ page: z.coerce.number().int().min(1) });
    expect(messages(page, { page: 'abc' }, 'query')).toEqual(['query.page must be a number']);
    expect(messages(z.object({ version: z.number().int() }), { version: 1.5 })).toEqual(['version must be a whole number']);
    expect(messages(z.object({ title: z.string() }), { title: 5 })).toEqual(['title must be text, not a number']);
  });

  it('give a value of the wrong type its one message, and the same message once', () => {
    const targets = z.object({ groupTargets: z.array(z.enum(['a', 'b'])).max(2) });
    expect(messages(targets, { groupTargets: 'lakshya-students' })).toEqual(['groupTargets must be a list, not text']);
    const twice = describeIssues([
      { path: ['keys', 'p256dh'], message: 'Not a valid key' },
      { path: ['keys', 'p256dh'], message: 'Not a valid key' },
      { path: ['keys', 'auth'], message: 'Not a valid key' },
    ]);
    expect(twice).toEqual([
      { field: 'keys.p256dh', message: 'Not a valid key' },
      { field: 'keys.auth', message: 'Not a valid key' },
    ]);
  });
});
