import { describe, expect, it } from 'vitest';
import {
  compactFinancialYear,
  creditNoteLines,
  DOCUMENT_NUMBER_MAX_LENGTH,
  DOCUMENT_PREFIX_PATTERN,
  documentNumber,
  financialYear,
  invoiceAmount,
  invoiceLines,
  linesAreSound,
  linesForAmount,
  taxLines,
  type InvoiceLines,
} from '../../../../shared/commerce/invoice.rules.ts';
import { taxAt } from '../../../../shared/commerce/pricing.rules.ts';

/** Every check an accountant makes of a document's lines, at its rate and split. */
function expectSound(lines: InvoiceLines, gstRate: number, sameState: boolean) {
  const half = (paise: number) => Math.floor((2 * paise * Math.round(gstRate * 100) + 20_000) / 40_000);
  const whole = (paise: number) => Math.floor((2 * paise * Math.round(gstRate * 100) + 10_000) / 20_000);
  if (sameState) expect([lines.cgst, lines.sgst, lines.igst]).toEqual([half(lines.taxable), half(lines.taxable), 0]);
  else expect([lines.cgst, lines.sgst, lines.igst]).toEqual([0, 0, whole(lines.taxable)]);
  expect(Math.abs(lines.roundOff)).toBeLessThan(100);
  expect(lines.taxable + lines.cgst + lines.sgst + lines.igst - lines.discount + lines.roundOff).toBe(lines.total);
  expect(linesAreSound(lines, gstRate, sameState)).toBe(true);
}

describe('financialYear', () => {
  it('counts the financial year from April, in India time', () => {
    expect(financialYear(new Date('2026-11-24T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 IST on 31 March
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // midnight IST, 1 April
    expect(financialYear(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
    expect(compactFinancialYear('2026-27')).toBe('2627');
    expect(compactFinancialYear('2099-00')).toBe('9900');
  });
});

describe('documentNumber', () => {
  it('writes PREFIX/2627/000042: the prefix, the financial year in 4 digits and a 6-digit number', () => {
    expect(documentNumber('INV', '2026-27', 42)).toBe('INV/2627/000042');
    expect(documentNumber('CN', '2026-27', 1)).toBe('CN/2627/000001');
  });

  it('keeps every number within 16 characters (GST Rules 46(b), 53) with the longest prefix allowed', () => {
    for (const prefix of ['A', 'INV', 'CN', 'LKA', 'INV-', 'ZZ99', 'CRN-']) {
      expect(prefix).toMatch(DOCUMENT_PREFIX_PATTERN);
      for (const sequence of [1, 42, 999_999]) {
        const number = documentNumber(prefix, '2026-27', sequence);
        expect(number.length, number).toBeLessThanOrEqual(DOCUMENT_NUMBER_MAX_LENGTH);
        expect(number).toMatch(/^[A-Z0-9/-]+$/);
      }
    }
    expect(documentNumber('ABCD', '2026-27', 999_999)).toHaveLength(16);
  });

  it('allows no prefix longer than 4 characters or with other characters', () => {
    for (const prefix of ['INVOI', 'INVOICE', '', 'inv', 'IN V', 'IN/V']) expect(prefix).not.toMatch(DOCUMENT_PREFIX_PATTERN);
  });

  it('refuses a number that would pass 16 characters rather than issue it', () => {
    expect(() => documentNumber('ABCD', '2026-27', 1_000_000)).toThrow(/longer than 16 characters/);
    // A shorter prefix leaves room for a seventh digit.
    expect(documentNumber('CN', '2026-27', 1_000_000)).toBe('CN/2627/1000000');
  });
});

describe('taxLines', () => {
  it('charges CGST and SGST at half the rate each on the taxable value within the state, IGST at the whole rate across states', () => {
    expect(taxLines(100_000, 18, true)).toEqual({ cgst: 9000, sgst: 9000, igst: 0 });
    expect(taxLines(100_000, 18, false)).toEqual({ cgst: 0, sgst: 0, igst: 18_000 });
    expect(taxLines(100_000, 5, true)).toEqual({ cgst: 2500, sgst: 2500, igst: 0 });
    // ₹1,000.03 at 9%: 9000.27 paise → 9000.
    expect(taxLines(100_003, 18, true)).toEqual({ cgst: 9000, sgst: 9000, igst: 0 });
  });

  it('rounds half a paisa up, exactly (floating point would round 1804.4999… down)', () => {
    expect(taxAt(10_025, 18)).toBe(1805);
    expect(taxAt(10_025, 18, 2)).toBe(902); // 902.25
    expect(taxAt(1, 50, 1)).toBe(1); // 0.5
    expect(taxAt(0, 18)).toBe(0);
  });
});

describe('invoiceLines', () => {
  it('taxes the gross less the discount, each tax line its rate × the taxable value, the round-off under ₹1', () => {
    // ₹999 − 12.5% → discount ₹124.88, taxable ₹874.12, net ₹1,031.
    const order = { grossAmount: 99_900, discountAmount: 12_488, gstRate: 18, netAmount: 103_100 };
    const kerala = invoiceLines(order, true);
    // 87412 × 9% = 7867.08 → 7867 each; 87412 + 15734 = 103146 → round-off −46.
    expect(kerala).toEqual({ taxable: 87_412, cgst: 7867, sgst: 7867, igst: 0, discount: 0, roundOff: -46, total: 103_100 });
    const delhi = invoiceLines(order, false);
    expect(delhi).toEqual({ taxable: 87_412, cgst: 0, sgst: 0, igst: 15_734, discount: 0, roundOff: -46, total: 103_100 });
    expectSound(kerala, 18, true);
    expectSound(delhi, 18, false);
  });

  it('halves the rate for CGST and SGST even where the order GST has an odd paisa', () => {
    // 1003 paise at 18% is 180.54 → 181 paise of GST, but 9% of it is 90.27 → 90 on each line.
    const lines = invoiceLines({ grossAmount: 1003, discountAmount: 0, gstRate: 18, netAmount: 1184 }, true);
    expect(lines).toEqual({ taxable: 1003, cgst: 90, sgst: 90, igst: 0, discount: 0, roundOff: 1, total: 1184 });
  });

  it('for a discount above the gross: the taxable value is the gross the tax was charged on, and the discount comes off after tax', () => {
    // ₹1,000 with a ₹1,500 coupon: tax on ₹1,000, ₹180 to pay (the specification's rule 4).
    const lines = invoiceLines({ grossAmount: 100_000, discountAmount: 150_000, gstRate: 18, netAmount: 18_000 }, true);
    expect(lines).toEqual({ taxable: 100_000, cgst: 9000, sgst: 9000, igst: 0, discount: 100_000, roundOff: 0, total: 18_000 });
    expectSound(lines, 18, true);
    const igst = invoiceLines({ grossAmount: 99_900, discountAmount: 200_000, gstRate: 18, netAmount: 18_000 }, false);
    // ₹999: IGST ₹179.82, net ₹180 → round-off ₹0.18.
    expect(igst).toEqual({ taxable: 99_900, cgst: 0, sgst: 0, igst: 17_982, discount: 99_900, roundOff: 18, total: 18_000 });
    expectSound(igst, 18, false);
  });

  it('invoices what was paid when an order from a hand-typed rate card disagrees with its rate', () => {
    // "CGST @ 9% ₹50" on ₹1,000: a card with GST typed as ₹100 and net ₹1,100.
    const typedGst = invoiceLines({ grossAmount: 100_000, discountAmount: 0, gstRate: 18, netAmount: 110_000 }, true);
    expectSound(typedGst, 18, true);
    expect(typedGst.total).toBe(110_000);
    expect(typedGst.taxable).toBe(93_220); // ₹1,100 ÷ 1.18
    expect(typedGst.cgst).toBe(8390);
    // A round-off of ₹320 (net typed ₹1,500) and of −₹180 (net typed ₹1,000).
    for (const netAmount of [150_000, 100_000]) {
      const lines = invoiceLines({ grossAmount: 100_000, discountAmount: 0, gstRate: 18, netAmount }, true);
      expectSound(lines, 18, true);
      expect(lines.total).toBe(netAmount);
    }
    // "CGST @ 2.5% ₹90": a 5% card with GST typed at 18%.
    const fivePercent = invoiceLines({ grossAmount: 100_000, discountAmount: 0, gstRate: 5, netAmount: 118_000 }, true);
    expectSound(fivePercent, 5, true);
    expect(fivePercent.cgst).toBe(taxAt(fivePercent.taxable, 5, 2));
  });

  it('is sound for any order amounts at the usual rates (a sweep)', () => {
    for (const gstRate of [0, 5, 12, 18, 28, 2.5, 12.75]) {
      for (let gross = 100; gross < 500_000; gross = Math.floor(gross * 1.37) + 7) {
        for (const discount of [0, Math.floor(gross / 3), gross + 1]) {
          const taxBase = discount > gross ? gross : gross - discount;
          const net = Math.round((Math.max(0, gross - discount) + taxAt(taxBase, gstRate)) / 100) * 100;
          for (const sameState of [true, false]) {
            const lines = invoiceLines({ grossAmount: gross, discountAmount: discount, gstRate, netAmount: net }, sameState);
            expect(linesAreSound(lines, gstRate, sameState), `${gross} − ${discount} at ${gstRate}%`).toBe(true);
            expect(lines.total).toBe(net);
          }
        }
      }
    }
  });
});

describe('linesForAmount', () => {
  it('works the taxable value back from an amount that includes GST, with the smallest round-off', () => {
    expect(linesForAmount(118_000, 18, true)).toEqual({ taxable: 100_000, cgst: 9000, sgst: 9000, igst: 0, discount: 0, roundOff: 0, total: 118_000 });
    expect(linesForAmount(50_000, 18, false)).toEqual({ taxable: 42_373, cgst: 0, sgst: 0, igst: 7627, discount: 0, roundOff: 0, total: 50_000 });
    for (let total = 1; total < 20_000; total += 37) {
      for (const sameState of [true, false]) expectSound(linesForAmount(total, 18, sameState), 18, sameState);
    }
  });
});

describe('creditNoteLines', () => {
  const invoice = { ...invoiceLines({ grossAmount: 99_900, discountAmount: 12_488, gstRate: 18, netAmount: 103_100 }, true), gstRate: 18, sameState: true };

  it('credits the whole invoice line for line when nothing was credited', () => {
    const { gstRate: _rate, sameState: _state, ...lines } = invoice;
    expect(creditNoteLines(invoice, 0)).toEqual(lines);
    expect(creditNoteLines(invoice, 0, 103_100)).toEqual(lines);
  });

  it('credits part of it at the invoice rate and split, and then only what is left', () => {
    const first = creditNoteLines(invoice, 0, 50_000)!;
    expect(first.total).toBe(50_000);
    expectSound(first, 18, true);
    const rest = creditNoteLines(invoice, 50_000)!;
    expect(rest.total).toBe(53_100);
    expectSound(rest, 18, true);
    // Asking for more than is left credits what is left.
    expect(creditNoteLines(invoice, 50_000, 80_000)!.total).toBe(53_100);
    const igst = creditNoteLines(
      { ...invoiceLines({ grossAmount: 100_000, discountAmount: 0, gstRate: 18, netAmount: 118_000 }, false), gstRate: 18, sameState: false },
      0,
      29_500,
    )!;
    expect(igst).toEqual({ taxable: 25_000, cgst: 0, sgst: 0, igst: 4500, discount: 0, roundOff: 0, total: 29_500 });
  });

  it('credits nothing once the invoice is fully credited', () => {
    expect(creditNoteLines(invoice, 103_100)).toBeNull();
    expect(creditNoteLines(invoice, 103_100, 100)).toBeNull();
  });

  it('does not repeat wrong lines of an older invoice: the amount is split at the rate instead', () => {
    // Issued before tax lines were checked: CGST ₹50 on ₹1,000 at 18%.
    const older = { taxable: 100_000, cgst: 5000, sgst: 5000, igst: 0, discount: 0, roundOff: 0, total: 110_000, gstRate: 18, sameState: true };
    const credit = creditNoteLines(older, 0)!;
    expect(credit.total).toBe(110_000);
    expectSound(credit, 18, true);
  });
});

describe('invoiceAmount', () => {
  it('writes rupees with the paise, the rupee sign and Indian digit grouping', () => {
    expect(invoiceAmount(123_450)).toBe('₹1,234.50');
    expect(invoiceAmount(12_345_678_90)).toBe('₹1,23,45,678.90');
    expect(invoiceAmount(100)).toBe('₹1.00');
    expect(invoiceAmount(7)).toBe('₹0.07');
  });

  it('writes nothing as ₹0.00 and an amount taken off with a minus before the sign', () => {
    expect(invoiceAmount(0)).toBe('₹0.00');
    expect(invoiceAmount(-0)).toBe('₹0.00');
    expect(invoiceAmount(-46)).toBe('-₹0.46');
    expect(invoiceAmount(-100_000)).toBe('-₹1,000.00');
  });
});
