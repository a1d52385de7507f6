import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { invoiceAmount } from '../../shared/commerce/invoice.rules.ts';
import { drawClusters } from './invoice-pdf/draw-text.ts';
import { invoiceFonts, type InvoiceFonts, type Weight } from './invoice-pdf/fonts.ts';
import { DocumentFonts } from './invoice-pdf/pdf-fonts.ts';
import { shapeText, widthOf, wrapClusters } from './invoice-pdf/shaping.ts';
import type { InvoiceRow } from './invoices.service.ts';
import { SAC_CODE, SAC_DESCRIPTION } from '../../shared/commerce/gst-report.rules.ts';

const INDIA_DATE = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: '2-digit', month: 'short', year: 'numeric' });

function indiaDate(at: Date): string {
  return INDIA_DATE.format(at);
}

const LEFT = 50;
const RIGHT = 545;
const INK: [number, number, number] = [0.1, 0.1, 0.1];

interface WriteOptions {
  x?: number;
  size?: number;
  weight?: Weight;
  /** Ends at the right margin. */
  right?: boolean;
  /** Wraps within this many points (between words, or between letters of a word too long). */
  width?: number;
  /** Line height when wrapped. */
  leading?: number;
}

/** A page that writes shaped text (any script the fonts hold) from a baseline moving down. */
class InvoicePage {
  y = 790;
  private readonly page: PDFPage;
  private readonly fonts: InvoiceFonts;
  private readonly embedded: DocumentFonts;

  constructor(page: PDFPage, fonts: InvoiceFonts, embedded: DocumentFonts) {
    this.page = page;
    this.fonts = fonts;
    this.embedded = embedded;
  }

  /** Writes text at the current baseline; answers how many lines it took. */
  write(text: string, options: WriteOptions = {}): number {
    const size = options.size ?? 10;
    const clusters = shapeText(text, this.fonts, options.weight ?? 'regular');
    const lines = options.width ? wrapClusters(clusters, options.width / size) : [clusters];
    lines.forEach((line, index) => {
      const x = options.right ? RIGHT - widthOf(line) * size : (options.x ?? LEFT);
      drawClusters(this.page, this.embedded, line, { x, y: this.y - index * (options.leading ?? size * 1.35), size, color: INK });
    });
    return lines.length;
  }

  /** A rule across the page this far below the current baseline (below the descenders at 10 pt). */
  rule(below = 5): void {
    this.page.drawLine({ start: { x: LEFT, y: this.y - below }, end: { x: RIGHT, y: this.y - below }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  }
}

/** A GST invoice or credit note as an A4 PDF, its text shaped with Noto Sans Malayalam. */
export async function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const fonts = await invoiceFonts();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${invoice.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${invoice.number}`);
  const embedded = new DocumentFonts(pdf);
  const out = new InvoicePage(pdf.addPage([595.28, 841.89]), fonts, embedded);

  out.write(invoice.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { size: 18, weight: 'bold' });
  out.y -= 28;
  out.write(`No. ${invoice.number}`, { weight: 'bold' });
  out.write(`Date: ${indiaDate(invoice.issued_at)}`, { right: true });
  if (invoice.kind === 'credit-note') {
    // Rule 53: a credit note names the tax invoice it adjusts, by number and date.
    out.y -= 16;
    out.write(
      `Against tax invoice No. ${invoice.credited_invoice_number ?? '-'}${invoice.credited_invoice_issued_at ? ` dated ${indiaDate(invoice.credited_invoice_issued_at)}` : ''}`,
    );
    out.y -= 14;
    out.y -= 14 * (out.write(`Reason: ${invoice.reason ?? '-'}`, { width: RIGHT - LEFT, leading: 14 }) - 1);
    if (invoice.refund_id) {
      out.y -= 14;
      out.write(`Razorpay refund: ${invoice.refund_id}`);
    }
  }
  out.y -= 30;
  const { seller, buyer } = invoice;
  out.write('Seller', { weight: 'bold' });
  out.write('Billed to', { x: 320, weight: 'bold' });
  out.y -= 14;
  const left = [seller.name, seller.address ?? '', `GSTIN: ${seller.gstin ?? 'not given'}`, `State: ${seller.state}`].filter(Boolean);
  const right = [buyer.name, buyer.emailAddress ?? '', buyer.phoneNumber ?? '', `State (place of supply): ${buyer.state}`].filter(Boolean);
  // Each column runs down on its own, so that a wrapped line in one leaves no gap in the other.
  const top = out.y;
  const column = (lines: string[], x: number, width: number) => {
    out.y = top;
    for (const text of lines) out.y -= 13 * out.write(text, { x, width, leading: 13 });
    return out.y;
  };
  out.y = Math.min(column(left, LEFT, 255), column(right, 320, RIGHT - 320));
  out.y -= 20;
  out.write('Description', { weight: 'bold' });
  out.write('Amount', { weight: 'bold', right: true });
  out.rule();
  out.y -= 20;
  const descriptionLines = out.write(invoice.description, { width: 370, leading: 14 });
  out.write(invoiceAmount(invoice.taxable_paise), { right: true });
  out.y -= 14 * descriptionLines;
  out.write(`SAC ${SAC_CODE} (${SAC_DESCRIPTION.toLowerCase()})`, { size: 8 });
  out.y -= 22;
  // Each tax line names the rate and the value it is charged on, so that it can be checked by hand.
  const taxable = invoiceAmount(invoice.taxable_paise);
  const rows: Array<[string, number]> = [['Taxable value', invoice.taxable_paise]];
  const sameState = seller.state === buyer.state;
  const half = invoice.gst_rate / 2;
  if (invoice.igst_paise > 0 || (invoice.cgst_paise === 0 && invoice.sgst_paise === 0 && !sameState))
    rows.push([`IGST @ ${invoice.gst_rate}% on ${taxable}`, invoice.igst_paise]);
  else rows.push([`CGST @ ${half}% on ${taxable}`, invoice.cgst_paise], [`SGST @ ${half}% on ${taxable}`, invoice.sgst_paise]);
  if (invoice.discount_paise > 0) rows.push(['Less: discount (tax is on the full value)', -invoice.discount_paise]);
  rows.push(['Round off', invoice.round_off_paise]);
  rows.forEach(([label, paise], index) => {
    if (index > 0) out.y -= 14;
    out.write(label, { x: 250 });
    out.write(invoiceAmount(paise), { right: true });
  });
  out.rule();
  out.y -= 18;
  out.write(invoice.kind === 'invoice' ? 'Total' : 'Total credited', { x: 250, weight: 'bold' });
  out.write(invoiceAmount(invoice.total_paise), { right: true, weight: 'bold' });
  out.y -= 40;
  out.write('This is a computer-generated document and needs no signature.', { size: 8 });
  embedded.finish();
  // Without object streams: pdf-lib would deflate them in JavaScript, the slowest part of saving.
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
