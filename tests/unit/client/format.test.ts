import { describe, expect, it } from 'vitest';
import { formatBitrate, formatBytes, formatClock, formatDateAndTime, formatMinutes, formatSampleRate } from '../../../client/src/lib/format.ts';

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
  it('splits an ISO timestamp into its date and its time, and refuses nonsense', () => {
    const [date, time] = formatDateAndTime('2026-11-21T14:30:05.000Z');
    expect(date).toMatch(/2026/);
    expect(time).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(formatDateAndTime('not a date')).toEqual(['—', '']);
    expect(formatDateAndTime(null)).toEqual(['—', '']);
  });
});
