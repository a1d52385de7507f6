import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from '../../../../server/orders/invoice-pdf.ts';
import { clusterReading, drawClusters } from '../../../../server/orders/invoice-pdf/draw-text.ts';
import { invoiceFonts } from '../../../../server/orders/invoice-pdf/fonts.ts';
import { DocumentFonts } from '../../../../server/orders/invoice-pdf/pdf-fonts.ts';
import { itemize, shapeText, widthOf, wrapClusters, type ShapedCluster } from '../../../../server/orders/invoice-pdf/shaping.ts';
import { woffToSfnt } from '../../../../server/orders/invoice-pdf/woff.ts';
import type { InvoiceRow } from '../../../../server/orders/invoices.service.ts';
import { ghostscriptLines, ghostscriptText, inkBox, inkDifference, readImage, renderPage, type GreyImage } from '../../../support/pdf-pages.ts';

const COURSE_TITLE = 'കേരള പി.എസ്.സി. പ്രിലിമിനറി പരീക്ഷ ക്ഷമത';
const BUYER_NAME = 'ശ്രീക്കുട്ടൻ';
const REFERENCES = path.join(import.meta.dirname, '..', '..', '..', 'fixtures', 'invoice-pdf');

function invoiceRow(overrides: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    order_id: '00000000-0000-4000-8000-000000000002',
    kind: 'invoice',
    number: 'LKA/2627/000042',
    financial_year: '2026-27',
    issued_at: new Date('2026-11-27T06:00:00Z'),
    seller: { name: 'Lakshya Academy', gstin: '32ABCDE1234F1Z5', state: 'Kerala', address: 'Thiruvananthapuram' },
    buyer: { name: BUYER_NAME, emailAddress: 'sree@example.com', phoneNumber: '9847012345', state: 'Kerala' },
    description: COURSE_TITLE,
    gst_rate: 18,
    taxable_paise: 104_619,
    cgst_paise: 9416,
    sgst_paise: 9416,
    igst_paise: 0,
    discount_paise: 0,
    round_off_paise: -1,
    total_paise: 123_450,
    credits_invoice_id: null,
    credited_invoice_number: null,
    credited_invoice_issued_at: null,
    reason: null,
    refund_id: null,
    ...overrides,
  };
}

const collapsed = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('invoicePdf text', () => {
  it('gives back a Malayalam course title and a name with a chillu letter exactly as typed', async () => {
    const text = await ghostscriptText(await invoicePdf(invoiceRow()));
    const lines = text.split('\n').map(collapsed);
    expect(lines.some((line) => line.startsWith(`${COURSE_TITLE} ₹1,046.19`))).toBe(true);
    expect(lines.some((line) => line.endsWith(BUYER_NAME))).toBe(true);
    expect(text).not.toContain('?');
  });

  it('gives back mixed Malayalam and English, two-part vowel signs and a Malayalam credit-note reason', async () => {
    const mixed = 'ജോസ് Mathew (LDC 2026), കൊല്ലം';
    const reason = 'കോഴ്സ് റദ്ദാക്കി: പണം തിരികെ നൽകി';
    const pdf = await invoicePdf(
      invoiceRow({
        kind: 'credit-note',
        number: 'CN/2627/000007',
        buyer: { name: mixed, state: 'Kerala' },
        reason,
        credited_invoice_number: 'LKA/2627/000042',
        credited_invoice_issued_at: new Date('2026-11-20T06:00:00Z'),
      }),
    );
    const text = collapsed(await ghostscriptText(pdf));
    expect(text).toContain(mixed);
    expect(text).toContain(`Reason: ${reason}`);
    expect(text).toContain('Against tax invoice No. LKA/2627/000042 dated 20 Nov 2026');
  });

  it('wraps a long title within its column at spaces, keeping every word and cluster whole', async () => {
    const long = `${COURSE_TITLE} — ${COURSE_TITLE} മാതൃകാ ചോദ്യങ്ങളും ഉത്തരങ്ങളും വിശദീകരണങ്ങളോടെ (12-months)`;
    const lines = (await ghostscriptText(await invoicePdf(invoiceRow({ description: long })))).split('\n').map(collapsed);
    const first = lines.findIndex((line) => line.startsWith('കേരള'));
    const wrapped = lines.slice(
      first,
      lines.findIndex((line) => line.startsWith('SAC')),
    );
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped[0]).toMatch(/ ₹1,046\.19$/);
    expect(collapsed(wrapped.join(' ').replace(' ₹1,046.19', ''))).toBe(long);
  });
});

describe('wrapClusters', () => {
  it('breaks a word wider than the column between clusters, never inside one', async () => {
    const fonts = await invoiceFonts();
    const word = 'പ്രിലിമിനറിക്ഷമതാപരീക്ഷാശ്രീക്കുട്ടൻ';
    const clusters = shapeText(word, fonts, 'regular');
    const lines = wrapClusters(clusters, widthOf(clusters) / 3);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.map((line) => line.map((cluster) => cluster.text).join('')).join('')).toBe(word);
    for (const line of lines) {
      expect(widthOf(line)).toBeLessThanOrEqual(widthOf(clusters) / 3 + 1e-9);
      // A line never starts with a sign that belongs to the letter before it (virama, vowel sign, chillu mark).
      expect(line[0]!.text).not.toMatch(/^[\p{M}\u200C\u200D]/u);
    }
  });

  it('keeps a conjunct as one cluster of one glyph and reorders the vowel sign before its consonant', async () => {
    const fonts = await invoiceFonts();
    const [ksha] = shapeText('ക്ഷ', fonts, 'regular');
    expect(ksha).toMatchObject({ text: 'ക്ഷ' });
    expect(ksha!.glyphs).toHaveLength(1);
    const [ke] = shapeText('കെ', fonts, 'regular');
    const nominal = (character: string) => fonts.faces['malayalam-regular'].font.nominalGlyph(character.codePointAt(0)!);
    expect(ke!.glyphs.map((glyph) => glyph.id)).toEqual([nominal('െ'), nominal('ക')]);
  });

  it('reads each cluster back in typed order: characters on glyphs that start in turn, the rest carried, marks as outlines', async () => {
    const fonts = await invoiceFonts();
    const reading = (text: string) => shapeText(text, fonts, 'regular').map(clusterReading);
    // ക്ഷ is one glyph: it takes ക, and ് and ഷ ride after it.
    expect(reading('ക്ഷ')).toEqual([{ glyphTexts: ['ക'], carried: ['്', 'ഷ'] }]);
    // കൊ is drawn െ-part, ക, ാ-part: the first two take the characters, the third is an outline.
    expect(reading('കൊ')).toEqual([{ glyphTexts: ['ക', 'ൊ', null], carried: [] }]);
    // The virama of സ് has no advance: it is drawn as an outline and its character carried.
    expect(reading('സ്')).toEqual([{ glyphTexts: ['സ', null], carried: ['്'] }]);
  });

  it('draws digits, full stops and the rupee sign from the files that have them', async () => {
    const { faces } = await invoiceFonts();
    expect(itemize('പി.എസ്.സി. ₹12', faces)).toEqual([
      { range: 'malayalam', text: 'പി' },
      { range: 'latin', text: '.' },
      { range: 'malayalam', text: 'എസ്' },
      { range: 'latin', text: '.' },
      { range: 'malayalam', text: 'സി' },
      { range: 'latin', text: '. ' },
      { range: 'latinExt', text: '₹' },
      { range: 'latin', text: '12' },
    ]);
  });
});

describe('invoicePdf amounts and layout', () => {
  it('writes every amount with its paise and the rupee sign', async () => {
    const pdf = await invoicePdf(
      invoiceRow({
        buyer: { name: BUYER_NAME, state: 'Karnataka' },
        cgst_paise: 0,
        sgst_paise: 0,
        igst_paise: 18_831,
        round_off_paise: 0,
        total_paise: 123_450,
        discount_paise: 0,
      }),
    );
    const text = collapsed(await ghostscriptText(pdf));
    expect(text).toContain('Taxable value ₹1,046.19');
    expect(text).toContain('IGST @ 18% on ₹1,046.19 ₹188.31');
    expect(text).toContain('Round off ₹0.00');
    expect(text).toContain('Total ₹1,234.50');
    const taken = collapsed(await ghostscriptText(await invoicePdf(invoiceRow({ discount_paise: 50_000, round_off_paise: -46, total_paise: 73_404 }))));
    expect(taken).toContain('Less: discount (tax is on the full value) -₹500.00');
    expect(taken).toContain('Round off -₹0.46');
  });

  it('draws the rule under the column titles clear of them and of the first row', async () => {
    const pdf = await invoicePdf(invoiceRow());
    const lines = await ghostscriptLines(pdf);
    const header = lines.find((line) => line.text.startsWith('Description') && line.text.endsWith('Amount'))!;
    const firstRow = lines[lines.indexOf(header) + 1]!;
    const page = await renderPage(pdf, 144);
    const rules = ruleRows(page).map((row) => row / 2);
    const rule = rules.find((y) => y > header.baseline - 12 && y < firstRow.baseline)!;
    expect(rule, `rules at ${rules.join(', ')} pt`).toBeDefined();
    // Below the descenders of the titles (0.24 em at 10 pt) and above the tallest letters of the first row (0.8 em).
    expect(rule - header.baseline).toBeGreaterThan(3);
    expect(firstRow.baseline - 8 - rule).toBeGreaterThan(3);
    const totalRule = rules.find((y) => y > firstRow.baseline)!;
    const total = lines.find((line) => line.text.startsWith('Total'))!;
    expect(total.baseline - 8 - totalRule).toBeGreaterThan(3);
  });
});

/** Rows of the page (in pixels) that a grey rule crosses from margin to margin. */
function ruleRows(page: GreyImage): number[] {
  const left = Math.round((52 * page.width) / 595.28);
  const right = Math.round((543 * page.width) / 595.28);
  const rows: number[] = [];
  for (let y = 0; y < page.height; y += 1) {
    let inked = 0;
    for (let x = left; x < right; x += 1) if (page.pixels[y * page.width + x]! < 235) inked += 1;
    if (inked > 0.95 * (right - left) && !rows.includes(y - 1)) rows.push(y);
  }
  return rows;
}

describe('invoicePdf drawing', () => {
  const DPI = 300;
  const px = (points: number) => Math.round((points * DPI) / 72);

  /** The words on the rendered page: the ink of the Malayalam characters on the line that ends with `ending`. */
  async function renderedWords(pdf: Uint8Array, ending: string) {
    const line = (await ghostscriptLines(pdf)).find((candidate) => candidate.text.includes(ending))!;
    const malayalam = line.characters.filter((character) => /\p{Script=Malayalam}/u.test(character.c));
    const region = {
      left: px(Math.min(...malayalam.map((character) => character.x0)) - 4),
      right: px(Math.max(...malayalam.map((character) => character.x1)) + 6),
      top: px(line.baseline - 11),
      bottom: px(line.baseline + 4),
    };
    const page = await renderPage(pdf, DPI);
    return { image: page, box: inkBox(page, region)! };
  }

  /** The words drawn as the font's glyphs for each character in typed order, as without shaping. */
  async function unshaped(words: string) {
    const fonts = await invoiceFonts();
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595.28, 200]);
    const embedded = new DocumentFonts(pdf);
    const clusters: ShapedCluster[] = itemize(words, fonts.faces).flatMap((run) => {
      const face = fonts.faces[`${run.range}-regular`];
      return [...run.text].map((character) => {
        const id = face.font.nominalGlyph(character.codePointAt(0)!) ?? 0;
        const advance = DocumentFonts.advance(face, id);
        return { face, text: character, width: advance, glyphs: [{ id, advance, xOffset: 0, yOffset: 0 }] };
      });
    });
    drawClusters(page, embedded, clusters, { x: 20, y: 100, size: 10, color: [0, 0, 0] });
    embedded.finish();
    const image = await renderPage(await pdf.save(), DPI);
    return { image, box: inkBox(image)! };
  }

  // The references are the words as Chromium draws them in the same font (scripts/invoice-reference-images.ts).
  it.each([
    ['course-title', COURSE_TITLE, 'ക്ഷമത'],
    ['buyer-name', BUYER_NAME, 'ട്ടൻ'],
  ])('draws the %s as a browser shapes it', async (reference, words, ending) => {
    const expected = await readImage(path.join(REFERENCES, `${reference}.png`));
    const expectedBox = inkBox(expected)!;
    const drawn = await renderedWords(await invoicePdf(invoiceRow()), ending);
    const match = inkDifference(drawn.image, drawn.box, expected, expectedBox);
    expect(match.aspect).toBeLessThan(0.04);
    expect(match.ink).toBeLessThan(0.25);
    // The same comparison tells unshaped glyphs apart.
    const plain = await unshaped(words);
    const mismatch = inkDifference(plain.image, plain.box, expected, expectedBox);
    expect(mismatch.ink > 0.4 || mismatch.aspect > 0.04, JSON.stringify(mismatch)).toBe(true);
  });
});

describe('woffToSfnt', () => {
  it('unpacks the TrueType tables of a WOFF font, and refuses anything else', async () => {
    const woff = await readFile(createRequire(import.meta.url).resolve('@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff'));
    const sfnt = woffToSfnt(woff);
    const view = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
    expect(view.getUint32(0)).toBe(0x00010000);
    const tables = Array.from({ length: view.getUint16(4) }, (_, i) => ({
      tag: Buffer.from(sfnt.subarray(12 + i * 16, 16 + i * 16)).toString('latin1'),
      offset: view.getUint32(20 + i * 16),
    }));
    expect(tables.map((table) => table.tag)).toEqual(expect.arrayContaining(['GSUB', 'GPOS', 'cmap', 'glyf', 'head', 'hmtx', 'loca']));
    expect(view.getUint16(4)).toBe(new DataView(woff.buffer, woff.byteOffset).getUint16(12));
    // The head table's magic number, found where the table directory says.
    expect(view.getUint32(tables.find((table) => table.tag === 'head')!.offset + 12)).toBe(0x5f0f3cf5);
    expect(() => woffToSfnt(sfnt)).toThrow('Not a WOFF 1.0 font');
  });
});
