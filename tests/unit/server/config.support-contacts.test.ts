import { describe, expect, it } from 'vitest';
import { placeholderSupportWarning } from '../../../server/app-info/support-contacts.ts';
import { parseEnv } from '../../../server/config.ts';

describe('placeholderSupportWarning', () => {
  it('names both settings while both are the placeholders they start with', () => {
    expect(placeholderSupportWarning(parseEnv({}))).toBe(
      'SUPPORT_PHONE (+91 00000 00000) and SUPPORT_EMAIL (support@example.com) are placeholders: students who cannot sign in are told to contact support there. Set SUPPORT_PHONE and SUPPORT_EMAIL to your own.',
    );
  });

  it('names only the one still a placeholder', () => {
    expect(placeholderSupportWarning(parseEnv({ SUPPORT_PHONE: '+91 471 255 0000' }))).toBe(
      'SUPPORT_EMAIL (support@example.com) is a placeholder: students who cannot sign in are told to contact support there. Set SUPPORT_EMAIL to your own.',
    );
  });

  it('says nothing once both are set', () => {
    expect(placeholderSupportWarning(parseEnv({ SUPPORT_PHONE: '+91 471 255 0000', SUPPORT_EMAIL: 'help@pscacademy.in' }))).toBeNull();
  });
});
