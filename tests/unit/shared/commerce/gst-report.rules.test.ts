import { describe, expect, it } from 'vitest';
import { INDIAN_STATES } from '../../../../shared/commerce/invoice.rules.ts';
import { gstStateCode, parseGstPeriod, rupeesText } from '../../../../shared/commerce/gst-report.rules.ts';
import { neutralised } from '../../../../server/orders/gst-report.files.ts';

const inPeriod = (text: string, at: string) => {
  const period = parseGstPeriod(text)!;
  const moment = new Date(at);
  return moment >= period.start && moment < period.end;
};

describe('parseGstPeriod', () => {
  it('reads a month with its India-time bounds', () => {
    expect(parseGstPeriod('2026-11')).toMatchObject({ kind: 'month', firstDay: '2026-11-01', lastDay: '2026-11-30', label: 'November 2026' });
    expect(parseGstPeriod('2026-11')!.start.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(parseGstPeriod('2026-11')!.end.toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(parseGstPeriod('2028-02')!.lastDay).toBe('2028-02-29');
    // 23:59 IST on the last day is the month's; midnight IST starts the next.
    expect(inPeriod('2026-11', '2026-11-30T23:59:59+05:30')).toBe(true);
    expect(inPeriod('2026-11', '2026-12-01T00:00:00+05:30')).toBe(false);
    expect(inPeriod('2026-11', '2026-11-01T00:00:00+05:30')).toBe(true);
    expect(inPeriod('2026-11', '2026-10-31T23:59:59+05:30')).toBe(false);
  });

  it('reads the quarters of the financial year: Q1 April to June, Q4 January to March of the next year', () => {
    expect(parseGstPeriod('2026-27 Q1')).toMatchObject({ kind: 'quarter', firstDay: '2026-04-01', lastDay: '2026-06-30' });
    expect(parseGstPeriod('2026-27 Q2')).toMatchObject({ firstDay: '2026-07-01', lastDay: '2026-09-30' });
    expect(parseGstPeriod('2026-27 Q3')).toMatchObject({ firstDay: '2026-10-01', lastDay: '2026-12-31', label: 'Q3 2026-27 (October 2026 – December 2026)' });
    expect(parseGstPeriod('2026-27 Q4')).toMatchObject({ firstDay: '2027-01-01', lastDay: '2027-03-31', label: 'Q4 2026-27 (January 2027 – March 2027)' });
    expect(parseGstPeriod('2099-00 Q4')).toMatchObject({ firstDay: '2100-01-01' });
    expect(parseGstPeriod('2026-27 Q4')!.end.toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(inPeriod('2026-27 Q4', '2027-03-31T23:59:00+05:30')).toBe(true);
    expect(inPeriod('2026-27 Q1', '2026-03-31T23:59:00+05:30')).toBe(false);
  });

  it('answers null for anything else', () => {
    for (const text of ['', '2026', '2026-13', '2026-00', '26-11', '2026-11-01', '2026-28 Q1', '2026-27 Q0', '2026-27 Q5', 'November 2026']) {
      expect(parseGstPeriod(text), text).toBeNull();
    }
  });
});

describe('the report cells', () => {
  it('writes rupees from paise exactly', () => {
    expect(rupeesText(103_100)).toBe('1031.00');
    expect(rupeesText(-46)).toBe('-0.46');
    expect(rupeesText(5)).toBe('0.05');
    expect(rupeesText(0)).toBe('0.00');
    expect(rupeesText(900_719_925_474_099)).toBe('9007199254740.99');
  });

  it('gives every place of supply its GST state code', () => {
    expect(gstStateCode('Kerala')).toBe('32');
    expect(gstStateCode('Tamil Nadu')).toBe('33');
    expect(new Set(INDIAN_STATES.map(gstStateCode)).size).toBe(INDIAN_STATES.length);
    expect(gstStateCode('Atlantis')).toBeNull();
    expect(gstStateCode('toString')).toBeNull();
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+91 98470', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralised(text)).toBe(`'${text}`);
    for (const text of ['Anu', 'കേരളം', '1=1', '']) expect(neutralised(text)).toBe(text);
  });
});
