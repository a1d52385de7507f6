import { describe, expect, it } from 'vitest';
import {
  formatBitrate,
  formatBytes,
  formatClock,
  formatDateAndTime,
  formatIndiaTime,
  formatMinutes,
  formatSampleRate,
  fromIndiaDateTimeInput,
  toIndiaDateTimeInput,
} from '../../../client/src/lib/format.ts';

describe('formatBytes', () => {
  it('uses the largest whole unit with one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(123.4 * 1024 * 1024)).toBe('123 MB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.3 GB');
  });

  it('shows a dash for unknown sizes', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(undefined)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('formatBitrate and formatSampleRate', () => {
  it('writes bitrates in kb/s below a megabit and Mb/s above', () => {
    expect(formatBitrate(400_000)).toBe('400 kb/s');
    expect(formatBitrate(812_345)).toBe('812 kb/s');
    expect(formatBitrate(1_400_000)).toBe('1.4 Mb/s');
    expect(formatBitrate(5_000_000)).toBe('5 Mb/s');
    expect(formatBitrate(0)).toBe('—');
  });

  it('writes sample rates in kHz', () => {
    expect(formatSampleRate(48_000)).toBe('48 kHz');
    expect(formatSampleRate(44_100)).toBe('44.1 kHz');
    expect(formatSampleRate(null)).toBe('—');
  });
});

describe('formatClock and formatMinutes', () => {
  it('writes running times as m:ss or h:mm:ss', () => {
    expect(formatClock(4.04)).toBe('0:04');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(null)).toBe('—');
  });

  it('writes whole minutes', () => {
    expect(formatMinutes(1)).toBe('1 min');
    expect(formatMinutes(12)).toBe('12 mins');
    expect(formatMinutes(null)).toBe('—');
  });
});

describe('formatDateAndTime', () => {
  it('splits an instant into its date and its time in India time, and refuses nonsense', () => {
    expect(formatDateAndTime('2026-11-21T14:30:05.000Z')).toEqual(['21 Nov 2026', '8:00:05 pm']);
    // Past 18:30 UTC it is already the next day in India.
    expect(formatDateAndTime('2026-12-31T18:45:00Z')).toEqual(['1 Jan 2027', '12:15:00 am']);
    expect(formatDateAndTime(Date.parse('2026-06-01T00:00:00Z'))).toEqual(['1 Jun 2026', '5:30:00 am']);
    expect(formatDateAndTime('not a date')).toEqual(['—', '']);
    expect(formatDateAndTime(null)).toEqual(['—', '']);
  });
});

describe('formatIndiaTime', () => {
  it('writes fixed instants in India time, the same in every season (India keeps no daylight saving)', () => {
    expect(formatIndiaTime('2026-11-21T14:30:05.000Z')).toBe('21 Nov 2026, 8:00 pm');
    expect(formatIndiaTime('2026-07-15T14:30:00.000Z')).toBe('15 Jul 2026, 8:00 pm');
    expect(formatIndiaTime('2026-03-08T06:59:00Z', 'long')).toBe('8 March 2026 at 12:29 pm');
    expect(formatIndiaTime(new Date('2030-01-05T14:00:00Z'), 'date')).toBe('5 Jan 2030');
    expect(formatIndiaTime(1_764_547_200_000, 'time')).toBe('5:30:00 am');
  });

  it('shows a dash for no time or nonsense', () => {
    expect(formatIndiaTime(null)).toBe('—');
    expect(formatIndiaTime(undefined)).toBe('—');
    expect(formatIndiaTime('')).toBe('—');
    expect(formatIndiaTime('yesterday')).toBe('—');
  });
});

describe('India time in datetime-local inputs', () => {
  it('fills an input with India wall-clock time, seconds only when there are some', () => {
    expect(toIndiaDateTimeInput('2026-12-01T03:30:00.000Z')).toBe('2026-12-01T09:00');
    expect(toIndiaDateTimeInput('2026-03-31T23:45:00Z')).toBe('2026-04-01T05:15');
    expect(toIndiaDateTimeInput('2026-12-01T03:30:45Z')).toBe('2026-12-01T09:00:45');
    expect(toIndiaDateTimeInput(Date.parse('2026-12-01T03:30:00Z'))).toBe('2026-12-01T09:00');
    expect(toIndiaDateTimeInput(null)).toBe('');
    expect(toIndiaDateTimeInput('nonsense')).toBe('');
  });

  it('reads what was typed as India time, and refuses days and hours that do not exist', () => {
    expect(fromIndiaDateTimeInput('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T03:30:00.000Z');
    expect(fromIndiaDateTimeInput('2026-01-01T02:00:30')?.toISOString()).toBe('2025-12-31T20:30:30.000Z');
    expect(fromIndiaDateTimeInput('2026-02-31T09:00')).toBeNull();
    expect(fromIndiaDateTimeInput('2026-12-01T24:00')).toBeNull();
    expect(fromIndiaDateTimeInput('')).toBeNull();
    expect(fromIndiaDateTimeInput('tomorrow 9 am')).toBeNull();
  });

  it('round-trips: an instant shown in the input is the instant read back', () => {
    const stored = '2030-01-05T14:00:00.000Z';
    expect(fromIndiaDateTimeInput(toIndiaDateTimeInput(stored))?.toISOString()).toBe(stored);
  });
});
