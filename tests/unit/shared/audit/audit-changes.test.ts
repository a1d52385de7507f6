import { describe, expect, it } from 'vitest';
import { auditValue, changedFields, isSecretField } from '../../../../shared/audit/audit-changes.rules.ts';
import { canonicalJson } from '../../../../shared/audit/canonical-json.ts';

describe('canonicalJson', () => {
  it('gives the same text whatever order the keys were built in', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
  });
});

describe('changedFields', () => {
  it('names only the fields that differ, with old and new values', () => {
    expect(changedFields({ title: 'KAS', price: 999, tags: ['a'] }, { title: 'KAS', price: 1199, tags: ['a', 'b'] })).toEqual({
      price: { from: 999, to: 1199 },
      tags: { from: ['a'], to: ['a', 'b'] },
    });
  });

  it('treats a created record as every field from null and a deleted one as every field to null', () => {
    expect(changedFields(null, { code: 'NEW10', value: 10 })).toEqual({ code: { from: null, to: 'NEW10' }, value: { from: null, to: 10 } });
    expect(changedFields({ code: 'OLD' }, null)).toEqual({ code: { from: 'OLD', to: null } });
  });

  it('leaves out bookkeeping and the fields asked, and compares objects by content not key order', () => {
    const before = { version: 1, updatedAt: '2026-01-01', meta: { a: 1, b: 2 }, cache: 1 };
    const after = { version: 2, updatedAt: '2026-02-01', meta: { b: 2, a: 1 }, cache: 2 };
    expect(changedFields(before, after, ['cache'])).toEqual({});
  });

  it('never keeps the values of passwords, tokens, secrets or hashes', () => {
    const changes = changedFields(
      { password: 'old-pass', password_hash: 'h1', apiKey: 'k1', nested: { token: 'a', name: 'x' } },
      { password: 'new-pass', password_hash: 'h2', apiKey: 'k2', nested: { token: 'b', name: 'y' } },
    );
    expect(changes).toEqual({
      apiKey: { hidden: true },
      nested: { from: { name: 'x', token: '(hidden)' }, to: { name: 'y', token: '(hidden)' } },
      password: { hidden: true },
      password_hash: { hidden: true },
    });
    expect(JSON.stringify(changes)).not.toMatch(/old-pass|new-pass|h1|h2|k1|k2/);
    expect(isSecretField('otpCode')).toBe(true);
    expect(isSecretField('title')).toBe(false);
  });

  it('keeps dates as ISO text and cuts long texts and large lists', () => {
    expect(auditValue(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27T10:00:00.000Z');
    expect(auditValue('ക'.repeat(501))).toBe(`${'ക'.repeat(500)}… (501 characters)`);
    expect(auditValue(Array.from({ length: 1000 }, (_, i) => i))).toBe('(1000 items)');
    expect(auditValue({ a: 'x'.repeat(400), b: 'y'.repeat(400), c: 'z'.repeat(400), d: 'w'.repeat(400), e: 'v'.repeat(400) })).toBe('(5 fields)');
    expect(auditValue(Number.NaN)).toBe('NaN');
    expect(auditValue(10n)).toBe('10');
  });
});
