import { afterEach, describe, expect, it } from 'vitest';
import type { Coupon } from '../../../shared/commerce/coupons.schema.ts';
import {
  couponFieldErrorsOf,
  couponFieldOf,
  couponUsesText,
  couponWindowText,
  draftOf,
  formOf,
  indiaLocalOf,
  indiaTimeInWords,
  isoOfIndiaLocal,
  limitOf,
  markedFieldsText,
  newCouponDraft,
  sortTargets,
} from '../../../client/src/features/coupons/coupon-form.ts';

const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

/** Browsers staff use: India itself, one far behind (with daylight saving) and one ahead. */
const ZONES = ['Asia/Kolkata', 'America/New_York', 'Pacific/Auckland', 'UTC'];

function coupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    _id: 'c1',
    code: 'ONAM25',
    discountType: 'rate',
    value: 25,
    minOrderAmount: -1,
    isActive: true,
    impressions: 3,
    redemptions: 1,
    uses: 12,
    usageLimit: 50,
    perStudentLimit: 2,
    validFrom: '2026-12-01T03:30:00.000Z',
    validUntil: '2027-01-01T18:29:00.000Z',
    appliesTo: [
      { type: 'subscription', id: '6f0e6d2a-6f3c-4c59-9d5e-0f4e8f1d2a11', title: 'KAS 12 months' },
      { type: 'course', id: '0b7d3f0e-2a4b-4b7e-8f51-3c2d1e0f9a22', title: null },
    ],
    createdAt: '2026-11-20T10:00:00.000Z',
    version: 4,
    ...overrides,
  };
}

describe('indiaLocalOf', () => {
  it.each(ZONES)("gives India's wall clock for the datetime-local input whatever the browser's zone (%s)", (zone) => {
    process.env.TZ = zone;
    expect(indiaLocalOf('2026-12-01T03:30:00.000Z')).toBe('2026-12-01T09:00');
    // 23:45 UTC is already the next day in India.
    expect(indiaLocalOf('2026-03-31T23:45:00Z')).toBe('2026-04-01T05:15');
    // An instant given with another offset is the same instant.
    expect(indiaLocalOf('2026-12-01T09:00:00+05:30')).toBe('2026-12-01T09:00');
  });

  it('keeps seconds only when there are some, and is blank for none or nonsense', () => {
    expect(indiaLocalOf('2026-12-01T03:30:45.000Z')).toBe('2026-12-01T09:00:45');
    expect(indiaLocalOf(null)).toBe('');
    expect(indiaLocalOf(undefined)).toBe('');
    expect(indiaLocalOf('not a date')).toBe('');
  });
});

describe('isoOfIndiaLocal', () => {
  it.each(ZONES)('reads the typed time as India time, as the server does (%s)', (zone) => {
    process.env.TZ = zone;
    expect(isoOfIndiaLocal('2026-12-01T09:00')).toBe('2026-12-01T03:30:00.000Z');
    expect(isoOfIndiaLocal('2026-04-01T05:15')).toBe('2026-03-31T23:45:00.000Z');
  });

  it('goes back to the same text it came from', () => {
    for (const text of ['2026-01-01T00:00', '2026-06-15T23:59', '2027-02-28T12:30:15']) expect(indiaLocalOf(isoOfIndiaLocal(text))).toBe(text);
  });

  it('is null for blank text and for days that do not exist', () => {
    expect(isoOfIndiaLocal('')).toBeNull();
    expect(isoOfIndiaLocal('  ')).toBeNull();
    expect(isoOfIndiaLocal('2026-02-31T09:00')).toBeNull();
  });

  it('puts the picked time in words, in IST, to confirm it', () => {
    process.env.TZ = 'America/New_York';
    expect(indiaTimeInWords('2026-12-01T21:05')).toMatch(/^1 Dec 2026, 9:05 pm IST$/i);
    expect(indiaTimeInWords('')).toBeNull();
  });
});

describe('limitOf and formOf', () => {
  it('sends a blank limit as null (no limit) and a whole number as a number', () => {
    expect(limitOf('')).toBeNull();
    expect(limitOf('   ')).toBeNull();
    expect(limitOf(' 50 ')).toBe(50);
  });

  it('sends anything else as typed, for the server to refuse with its message', () => {
    expect(limitOf('0.5')).toBe('0.5');
    expect(limitOf('ten')).toBe('ten');
  });

  it('sends a new coupon with no limits, no window and no scope', () => {
    const form = formOf({ ...newCouponDraft(), code: ' ONAM25 ', value: '10' });
    expect(form).toEqual({
      code: 'ONAM25',
      discountType: 'rate',
      value: '10',
      minOrderAmount: -1,
      isActive: false,
      usageLimit: null,
      perStudentLimit: null,
      validFrom: null,
      validUntil: null,
      appliesTo: [],
    });
  });

  it("edits what the server answered and sends it back in India's wall clock, with targets without titles", () => {
    process.env.TZ = 'America/New_York';
    const draft = draftOf(coupon());
    expect(draft).toMatchObject({ usageLimit: '50', perStudentLimit: '2', validFrom: '2026-12-01T09:00', validUntil: '2027-01-01T23:59' });
    expect(formOf(draft)).toMatchObject({
      usageLimit: 50,
      perStudentLimit: 2,
      validFrom: '2026-12-01T09:00',
      validUntil: '2027-01-01T23:59',
      appliesTo: [
        { type: 'subscription', id: '6f0e6d2a-6f3c-4c59-9d5e-0f4e8f1d2a11' },
        { type: 'course', id: '0b7d3f0e-2a4b-4b7e-8f51-3c2d1e0f9a22' },
      ],
    });
  });

  it('shows no limits as blank fields', () => {
    expect(draftOf(coupon({ usageLimit: null, perStudentLimit: null, validFrom: null, validUntil: null }))).toMatchObject({
      usageLimit: '',
      perStudentLimit: '',
      validFrom: '',
      validUntil: '',
    });
  });
});

describe('refusals naming a field', () => {
  it("finds the form's field in either spelling of the path", () => {
    expect(couponFieldOf('usageLimit')).toBe('usageLimit');
    expect(couponFieldOf('appliesTo.0.id')).toBe('appliesTo');
    expect(couponFieldOf('appliesTo[3].type')).toBe('appliesTo');
    expect(couponFieldOf('version')).toBeNull();
  });

  it('puts each listed message at its field, the first per field', () => {
    const errors = couponFieldErrorsOf({
      message: 'The usage limit is a whole number from 1 to 1,00,00,000 (leave it empty for no limit)',
      field: 'usageLimit',
      issues: [
        { field: 'usageLimit', message: 'The usage limit is a whole number from 1 to 1,00,00,000 (leave it empty for no limit)' },
        { field: 'validUntil', message: 'Valid until must be after valid from' },
        { field: 'validUntil', message: 'another' },
      ],
    });
    expect(errors).toEqual({
      usageLimit: 'The usage limit is a whole number from 1 to 1,00,00,000 (leave it empty for no limit)',
      validUntil: 'Valid until must be after valid from',
    });
    expect(markedFieldsText(errors)).toBe('Please correct the marked fields: Usage limit, Valid until (India time)');
  });

  it('uses the message and field when no list came with them', () => {
    const errors = couponFieldErrorsOf({ message: 'The course chosen for this coupon was not found', field: 'appliesTo.1.id' });
    expect(errors).toEqual({ appliesTo: 'The course chosen for this coupon was not found' });
    expect(markedFieldsText(errors)).toBe('Please correct the marked field: Applies to');
  });

  it('marks nothing for a refusal of no field the form shows', () => {
    expect(couponFieldErrorsOf({ message: 'Coupon not found' })).toEqual({});
    expect(couponFieldErrorsOf({ message: 'Send the version', field: 'version' })).toEqual({});
  });
});

describe('the table cells', () => {
  it('shows uses against the limit, or alone when unlimited', () => {
    expect(couponUsesText(coupon())).toBe('12 / 50');
    expect(couponUsesText(coupon({ usageLimit: null }))).toBe('12');
  });

  it.each(ZONES)('shows the window in India time, or Always (%s)', (zone) => {
    process.env.TZ = zone;
    expect(couponWindowText(coupon())).toMatch(/^1 Dec 2026, 9:00 am – 1 Jan 2027, 11:59 pm IST$/i);
    expect(couponWindowText(coupon({ validUntil: null }))).toMatch(/^From 1 Dec 2026, 9:00 am IST$/i);
    expect(couponWindowText(coupon({ validFrom: null }))).toMatch(/^Until 1 Jan 2027, 11:59 pm IST$/i);
    expect(couponWindowText(coupon({ validFrom: null, validUntil: null }))).toBe('Always');
  });
});

describe('sortTargets', () => {
  it('orders the chips as the Add buttons are ordered, then by title', () => {
    const sorted = sortTargets([
      { type: 'rankfile', id: 'r', title: 'Ranks' },
      { type: 'course', id: 'c2', title: 'LDC' },
      { type: 'subscription', id: 's', title: 'Year' },
      { type: 'course', id: 'c1', title: 'Degree' },
    ]);
    expect(sorted.map((target) => target.id)).toEqual(['s', 'c1', 'c2', 'r']);
  });
});
