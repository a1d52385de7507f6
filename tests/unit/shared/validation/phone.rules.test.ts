import { describe, expect, it } from 'vitest';
import { indianMobile } from '../../../../shared/validation/phone.rules.ts';

describe('indianMobile', () => {
  it('keeps 10 digits from the ways numbers are written', () => {
    for (const typed of [
      '9847012345',
      '+91 98470 12345',
      '+91-98470-12345',
      '91 9847012345',
      '09847012345',
      ' 98470.12345 ',
      '(+91) 98470 12345'.replace(/[()]/g, ''),
      '6000000000',
    ]) {
      expect(indianMobile(typed), typed).toBe(typed.includes('6000000000') ? '6000000000' : '9847012345');
    }
  });

  it('refuses what is not an Indian mobile', () => {
    for (const typed of [
      '',
      '12345',
      '5847012345',
      '+1 9847012345',
      '98470123456',
      '984701234',
      '98470x2345',
      '+9198470123',
      '0091 9847012345',
      '++919847012345',
    ]) {
      expect(indianMobile(typed), typed).toBeNull();
    }
  });
});
