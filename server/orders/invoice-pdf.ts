import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatInr } from '../../shared/commerce/money.ts';
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
  write(formatInr(invoice.taxable_paise), { right: true });
  y -= 14;
  write('SAC 999293 (commercial training and coaching services)', { size: 8 });
  y -= 22;
  const rows: Array<[string, number]> = [['Taxable value', invoice.taxable_paise]];
  const half = invoice.gst_rate / 2;
  if (invoice.igst_paise > 0 || (invoice.cgst_paise === 0 && invoice.sgst_paise === 0)) rows.push([`IGST @ ${invoice.gst_rate}%`, invoice.igst_paise]);
  else rows.push([`CGST @ ${half}%`, invoice.cgst_paise], [`SGST @ ${half}%`, invoice.sgst_paise]);
  rows.push(['Round off', invoice.round_off_paise]);
  for (const [label, paise] of rows) {
    write(label, { x: 320 });
    write(`${paise < 0 ? '-' : ''}${formatInr(Math.abs(paise))}`, { right: true });
    y -= 14;
  }
  line();
  y -= 4;
  write(invoice.kind === 'invoice' ? 'Total' : 'Total credited', { x: 320, font: bold });
  write(formatInr(invoice.total_paise), { right: true, font: bold });
  y -= 40;
  write('This is a computer-generated document and needs no signature.', { size: 8 });
  return Buffer.from(await pdf.save());
}
