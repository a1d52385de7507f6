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
import { expectResults } from '../../support/result-table.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [812, '812 B'],
    [1536, '1.5 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [123.4 * 1024 * 1024, '123 MB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
  ])('uses the largest whole unit with one decimal below ten: %d bytes are %s', (bytes, shown) => {
    expect(formatBytes(bytes)).toBe(shown);
  });

  it.each([null, undefined, Number.NaN, -1])('shows a dash for unknown sizes (%s)', (bytes) => {
    expect(formatBytes(bytes)).toBe('—');
  });
});

describe('formatBitrate and formatSampleRate', () => {
  it('writes bitrates in kb/s below a megabit and Mb/s above', () => {
    expectResults(formatBitrate, [
      [400_000, '400 kb/s'],
      [812_345, '812 kb/s'],
      [1_400_000, '1.4 Mb/s'],
      [5_000_000, '5 Mb/s'],
      [0, '—'],
    ]);
  });

  it('writes sample rates in kHz', () => {
    expectResults(formatSampleRate, [
      [48_000, '48 kHz'],
      [44_100, '44.1 kHz'],
      [null, '—'],
    ]);
  });
});

describe('formatClock and formatMinutes', () => {
  it('writes running times as m:ss or h:mm:ss', () => {
    expectResults(formatClock, [
      [4.04, '0:04'],
      [65, '1:05'],
      [3725, '1:02:05'],
      [null, '—'],
    ]);
  });

  it('writes whole minutes', () => {
    expectResults(formatMinutes, [
      [1, '1 min'],
      [12, '12 mins'],
      [null, '—'],
    ]);
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
    expectResults(formatIndiaTime, [
      [null, '—'],
      [undefined, '—'],
      ['', '—'],
      ['yesterday', '—'],
    ]);
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
