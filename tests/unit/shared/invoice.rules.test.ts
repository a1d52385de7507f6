import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear, splitTax } from '../../../shared/commerce/invoice.rules.ts';

describe('invoice rules', () => {
  it('counts the financial year from April, in India time', () => {
    expect(financialYear(new Date('2026-11-24T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // midnight IST, 1 April
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers documents within the year', () => {
    expect(documentNumber('INV', '2026-27', 42)).toBe('INV/2026-27/000042');
  });

  it('splits GST into CGST and SGST within the state, IGST across states, and adds up to the net to the paisa', () => {
    // ₹999 − 12.5% → discount ₹124.88, taxable ₹874.12, GST ₹157.34, net ₹1,031 (round-off −₹0.46).
    const order = { grossAmount: 99_900, discountAmount: 12_488, gstAmount: 15_734, netAmount: 103_100 };
    const kerala = splitTax(order, true);
    expect(kerala).toEqual({ taxable: 87_412, cgst: 7867, sgst: 7867, igst: 0, roundOff: -46, total: 103_100 });
    const odd = splitTax({ ...order, gstAmount: 15_735, netAmount: 103_100 }, true);
    expect([odd.cgst, odd.sgst]).toEqual([7867, 7868]);
    const delhi = splitTax(order, false);
    expect(delhi).toMatchObject({ cgst: 0, sgst: 0, igst: 15_734 });
    for (const split of [kerala, odd, delhi]) expect(split.taxable + split.cgst + split.sgst + split.igst + split.roundOff).toBe(split.total);
  });

  it('puts a discount above the gross at a taxable value of 0', () => {
    const split = splitTax({ grossAmount: 100_000, discountAmount: 150_000, gstAmount: 18_000, netAmount: 18_000 }, true);
    expect(split).toEqual({ taxable: 0, cgst: 9000, sgst: 9000, igst: 0, roundOff: 0, total: 18_000 });
  });
});
