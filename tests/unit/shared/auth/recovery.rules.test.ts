import { describe, expect, it } from 'vitest';
import { emailChallengeMatches, maskEmail, maskPhone, normalizePhone, phoneChallengeMatches, waitInWords } from '../../../../shared/auth/recovery.rules.ts';

describe('maskEmail', () => {
  it('keeps the first letters and the top-level domain', () => {
    expect(maskEmail('anitha@gmail.com')).toBe('a*****@g****.com');
    expect(maskEmail('a@b.in')).toBe('a**@b**.in');
  });
});

describe('maskPhone', () => {
  it('keeps only the last four digits', () => {
    expect(maskPhone('+91 98470 12345')).toBe('******2345');
  });
});

describe('phone challenges', () => {
  it('treats +91, a leading 0 and spaces as the same number', () => {
    expect(normalizePhone('+91 98470 12345')).toBe('9847012345');
    expect(normalizePhone('09847012345')).toBe('9847012345');
    expect(phoneChallengeMatches('9847012345', '+91-98470-12345')).toBe(true);
    expect(phoneChallengeMatches('9847012345', '9847012346')).toBe(false);
    expect(phoneChallengeMatches('', '')).toBe(false);
  });

  it('compares e-mail challenges without regard to case or spaces', () => {
    expect(emailChallengeMatches('anitha@gmail.com', ' Anitha@Gmail.com ')).toBe(true);
    expect(emailChallengeMatches('anitha@gmail.com', 'anitha@gmail.co')).toBe(false);
  });
});

describe('waitInWords', () => {
  it('rounds up to seconds, minutes or hours', () => {
    expect(waitInWords(0)).toBe('1 second');
    expect(waitInWords(30)).toBe('30 seconds');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(3600)).toBe('60 minutes');
    expect(waitInWords(90 * 60 + 1)).toBe('2 hours');
    expect(waitInWords(86_400)).toBe('24 hours');
  });
});
