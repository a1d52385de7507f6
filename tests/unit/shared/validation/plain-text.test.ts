import { describe, expect, it } from 'vitest';
import { registerInputSchema } from '../../../../shared/auth/auth.schema.ts';
import { MESSAGES } from '../../../../shared/auth/auth.constants.ts';
import { PROFILE_MESSAGES, updateProfileInputSchema } from '../../../../shared/users/profile.schema.ts';
import { lakshyaStudentValueSchema } from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import { LAKSHYA_STUDENT_MESSAGES } from '../../../../shared/lakshya-students/lakshya-students.rules.ts';
import { requiredNameSchema, requiredPlainTextSchema } from '../../../../shared/validation/fields.ts';
import { plainName } from '../../../../shared/validation/plain-text.ts';

describe('plainName', () => {
  it('drops every C0 and C1 control, DEL, and the direction embeddings, overrides and isolates', () => {
    const dropped = [
      ...Array.from({ length: 32 }, (_, code) => code),
      0x7f,
      ...Array.from({ length: 32 }, (_, i) => 0x80 + i),
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ];
    for (const code of dropped) expect(plainName(`A${String.fromCodePoint(code)}B`), code.toString(16)).toBe('AB');
  });

  it('keeps Malayalam with its joiners, marks that only set direction, and trims', () => {
    expect(plainName('  ന്\u200dന \u200cമ  ')).toBe('ന്\u200dന \u200cമ');
    expect(plainName('\u202eevil.exe\u202c')).toBe('evil.exe');
  });
});

describe('requiredNameSchema', () => {
  const schema = requiredNameSchema('Name is required', 5, 'Too long');
  it('answers the required message for text with nothing visible, after the controls are gone', () => {
    for (const text of ['', ' ', '\u200b', '\u200b\u200d', '\u202e', '\u2066\u2069', '\u0001\u0085', '\t\n']) {
      expect(
        schema.safeParse(text).error?.issues.map((issue) => issue.message),
        JSON.stringify(text),
      ).toEqual(['Name is required']);
    }
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
  });

  it('counts the length without the dropped characters', () => {
    expect(schema.parse('\u202eAnu\u0007 M\u2069')).toBe('Anu M');
    expect(schema.safeParse('Anu Mo').error?.issues[0]?.message).toBe('Too long');
  });
});

describe('requiredPlainTextSchema', () => {
  const schema = requiredPlainTextSchema('Message is required', 5, 'Too long');
  it('keeps line breaks and tabs, drops the other controls and the direction marks, and trims', () => {
    expect(schema.parse(' a\tb\nc\u0007\u202e ')).toBe('a\tb\nc');
  });

  it('answers the required message for text with nothing visible, and the long one past the limit', () => {
    for (const text of ['', ' \n ', '\u200b', '\u0001\u202e'])
      expect(schema.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe('Message is required');
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('Too long');
  });
});

describe('every name a person gives uses the rule', () => {
  it('the lakshya-student form, the profile and registration', () => {
    const value = { phoneNumber: '9847012345', name: '\u202eAnjali\u0000' };
    expect(lakshyaStudentValueSchema.parse(value).name).toBe('Anjali');
    expect(lakshyaStudentValueSchema.safeParse({ ...value, name: '\u200b' }).error?.issues[0]?.message).toBe(LAKSHYA_STUDENT_MESSAGES.nameRequired);
    expect(updateProfileInputSchema.parse({ name: 'Arun\u009b K' }).name).toBe('Arun K');
    expect(updateProfileInputSchema.safeParse({ name: '\u2066' }).error?.issues[0]?.message).toBe(PROFILE_MESSAGES.nameRequired);
    expect(updateProfileInputSchema.parse({}).name).toBeUndefined();
    expect(registerInputSchema.parse({ name: '\u202eRavi', emailAddress: 'a@b.in', password: '12345' }).name).toBe('Ravi');
    expect(registerInputSchema.safeParse({ name: '\u200b', emailAddress: 'a@b.in', password: '12345' }).error?.issues[0]?.message).toBe(MESSAGES.nameRequired);
  });
});
