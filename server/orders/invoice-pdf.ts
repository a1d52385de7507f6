import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { toRupees } from '../../shared/commerce/money.ts';
import type { InvoiceRow } from './invoices.service.ts';

/**
 * The standard PDF fonts write Latin-1 only: other characters (a name in Malayalam, say) print as
 * "?" rather than failing the document.
 */
function latin1(text: string): string {
  return text.replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

function indiaDate(at: Date): string {
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' }).format(at);
}

/** Rupees with paise always written (1,000.00), as on a bill. */
function amount(paise: number): string {
  const text = toRupees(Math.abs(paise)).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return paise < 0 ? `-${text}` : text;
}

/** A GST invoice or credit note as an A4 PDF. */
export async function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoice.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${invoice.number}`);
  const page: PDFPage = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = 790;
  const write = (text: string, options: { x?: number; size?: number; font?: PDFFont; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const safe = latin1(text);
    const x = options.right ? 545 - font.widthOfTextAtSize(safe, size) : (options.x ?? 50);
    page.drawText(safe, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const line = () => page.drawLine({ start: { x: 50, y: y + 12 }, end: { x: 545, y: y + 12 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });

  write(invoice.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { size: 18, font: bold });
  y -= 28;
  write(`No. ${invoice.number}`, { font: bold });
  write(`Date: ${indiaDate(invoice.issued_at)}`, { right: true });
  if (invoice.kind === 'credit-note') {
    // Rule 53: a credit note names the tax invoice it adjusts, by number and date.
    y -= 16;
    write(`Against tax invoice No. ${invoice.credited_invoice_number ?? '-'}${invoice.credited_invoice_issued_at ? ` dated ${indiaDate(invoice.credited_invoice_issued_at)}` : ''}`);
    y -= 14;
    write(`Reason: ${invoice.reason ?? '-'}`.slice(0, 95));
    if (invoice.refund_id) {
      y -= 14;
      write(`Razorpay refund: ${invoice.refund_id}`.slice(0, 95));
    }
  }
  y -= 30;
  const seller = invoice.seller;
  const buyer = invoice.buyer;
  write('Seller', { font: bold });
  write('Billed to', { x: 320, font: bold });
  y -= 14;
  const left = [seller.name, seller.address ?? '', `GSTIN: ${seller.gstin ?? 'not given'}`, `State: ${seller.state}`].filter(Boolean);
  const right = [buyer.name, buyer.emailAddress ?? '', buyer.phoneNumber ?? '', `State (place of supply): ${buyer.state}`].filter(Boolean);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    if (left[i]) write(left[i]!.slice(0, 60));
    if (right[i]) write(right[i]!.slice(0, 48), { x: 320 });
    y -= 13;
  }
  y -= 20;
  write('Description', { font: bold });
  write('Amount (INR)', { font: bold, right: true });
  y -= 6;
  line();
  y -= 12;
  write(invoice.description.slice(0, 90));
  write(amount(invoice.taxable_paise), { right: true });
  y -= 14;
  write('SAC 999293 (commercial training and coaching services)', { size: 8 });
  y -= 22;
  // Each tax line names the rate and the value it is charged on, so that it can be checked by hand.
  const taxable = amount(invoice.taxable_paise);
  const rows: Array<[string, number]> = [['Taxable value', invoice.taxable_paise]];
  const sameState = invoice.seller.state === invoice.buyer.state;
  const half = invoice.gst_rate / 2;
  if (invoice.igst_paise > 0 || (invoice.cgst_paise === 0 && invoice.sgst_paise === 0 && !sameState)) rows.push([`IGST @ ${invoice.gst_rate}% on ${taxable}`, invoice.igst_paise]);
  else rows.push([`CGST @ ${half}% on ${taxable}`, invoice.cgst_paise], [`SGST @ ${half}% on ${taxable}`, invoice.sgst_paise]);
  if (invoice.discount_paise > 0) rows.push(['Less: discount (tax is on the full value)', -invoice.discount_paise]);
  rows.push(['Round off', invoice.round_off_paise]);
  for (const [label, paise] of rows) {
    write(label, { x: 250 });
    write(amount(paise), { right: true });
    y -= 14;
  }
  line();
  y -= 4;
  write(invoice.kind === 'invoice' ? 'Total' : 'Total credited', { x: 250, font: bold });
  write(amount(invoice.total_paise), { right: true, font: bold });
  y -= 40;
  write('This is a computer-generated document and needs no signature.', { size: 8 });
  return Buffer.from(await pdf.save());
}
