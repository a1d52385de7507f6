import { PDFDict, PDFName, PDFNumber, PDFString, type PDFArray, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import type { LoadedFace } from './fonts.ts';

interface EmbeddedFace {
  face: LoadedFace;
  ref: PDFRef;
  cidFont: PDFRef;
  widths: PDFArray;
  /** CIDs by glyph id, width and the text the glyph stands for. */
  cids: Map<string, number>;
  /** For each CID from 1: its glyph id, text and width in thousandths of an em. */
  drawn: Array<{ glyph: number; text: string; width: number }>;
}

/** A stream, deflated when that is worth the time (a few kilobytes and more). */
function compactStream(pdf: PDFDocument, contents: string | Uint8Array) {
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents;
  return bytes.length < 4096 ? pdf.context.stream(bytes) : pdf.context.stream(deflateSync(bytes), { Filter: 'FlateDecode' });
}

function hex4(value: number): string {
  return value.toString(16).padStart(4, '0').toUpperCase();
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i += 1) hex += hex4(text.charCodeAt(i));
  return hex;
}

/** A ToUnicode CMap: each CID to the text its glyph stands for (none for a glyph that adds none). */
function toUnicodeCMap(drawn: EmbeddedFace['drawn']): string {
  const entries = drawn.map(({ text }, index) => [index + 1, text] as const).filter(([, text]) => text.length > 0);
  const blocks: string[] = [];
  for (let i = 0; i < entries.length; i += 100) {
    const block = entries.slice(i, i + 100);
    blocks.push(`${block.length} beginbfchar\n${block.map(([cid, text]) => `<${hex4(cid)}> <${utf16Hex(text)}>`).join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * The font files a document draws with, each embedded whole (they are small subsets already) as a
 * CID-keyed TrueType font (Type0 / CIDFontType2, Identity-H, CID = glyph id), so that the glyph ids
 * HarfBuzz chose are written as they are. Widths and the ToUnicode map cover the glyphs drawn and
 * are written by `finish()`, before the document is saved.
 */
export class DocumentFonts {
  private readonly embedded = new Map<string, EmbeddedFace>();
  private readonly names = new Map<PDFPage, Map<string, PDFName>>();
  private readonly contents = new Map<PDFPage, string[]>();
  private readonly pdf: PDFDocument;

  constructor(pdf: PDFDocument) {
    this.pdf = pdf;
  }

  private embed(face: LoadedFace): EmbeddedFace {
    const existing = this.embedded.get(face.key);
    if (existing) return existing;
    const context = this.pdf.context;
    const scale = 1000 / face.unitsPerEm;
    // A six-letter tag per file: the files share a PostScript name but not their glyphs.
    const tag = `NSML${String.fromCharCode(65 + Math.floor(this.embedded.size / 26), 65 + (this.embedded.size % 26))}`;
    const baseFont = `${tag}+${face.postScriptName}`;
    const fontFile = context.register(context.stream(face.deflated, { Filter: 'FlateDecode', Length1: face.sfnt.length }));
    const descriptor = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: baseFont,
        Flags: 4,
        FontBBox: face.bbox.map((value) => Math.round(value * scale)),
        ItalicAngle: 0,
        Ascent: Math.round(face.ascent * scale),
        Descent: Math.round(face.descent * scale),
        CapHeight: Math.round(face.capHeight * scale),
        StemV: face.weight === 'bold' ? 140 : 80,
        FontFile2: fontFile,
      }),
    );
    const widths: PDFArray = context.obj([]);
    const cidFont = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseFont,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptor,
        DW: 1000,
        W: widths,
      }),
    );
    const ref = context.register(context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: baseFont, Encoding: 'Identity-H', DescendantFonts: [cidFont] }));
    const entry: EmbeddedFace = { face, ref, cidFont, widths, cids: new Map(), drawn: [] };
    this.embedded.set(face.key, entry);
    return entry;
  }

  /** The operators drawn on a page with these fonts, added to the page as one content stream by `finish()`. */
  contentOf(page: PDFPage): string[] {
    let content = this.contents.get(page);
    if (!content) {
      content = [];
      this.contents.set(page, content);
    }
    return content;
  }

  /** The page's resource name for the face, embedding it on first use. */
  fontName(page: PDFPage, face: LoadedFace): PDFName {
    const names = this.names.get(page) ?? new Map<string, PDFName>();
    this.names.set(page, names);
    let name = names.get(face.key);
    if (!name) {
      name = page.node.newFontDictionary(face.key, this.embed(face).ref);
      names.set(face.key, name);
    }
    return name;
  }

  /**
   * The CID that draws `glyph` standing for `text`. Extractors read a CID's text from the ToUnicode
   * map, and many (Ghostscript's among them) ignore ActualText; so a glyph gets a CID per text it
   * stands for, and a cluster's text is shared out over its glyphs (see draw-text.ts).
   */
  cid(face: LoadedFace, glyph: number, text: string, width: number = DocumentFonts.advance(face, glyph)): number {
    return this.allocate(face, glyph, text, width);
  }

  /** A CID that draws nothing and takes no room but reads as `text`. */
  carrierCid(face: LoadedFace, text: string): number {
    return this.allocate(face, face.font.nominalGlyph(0x20) ?? 0, text, 0);
  }

  /** `width` in ems: the glyph's own, none for a carrier, or more to take in an outlined glyph after it. */
  private allocate(face: LoadedFace, glyph: number, text: string, width: number): number {
    const entry = this.embed(face);
    const thousandths = Math.round(width * 1000);
    const key = `${glyph} ${thousandths} ${text}`;
    let cid = entry.cids.get(key);
    if (cid === undefined) {
      entry.drawn.push({ glyph, text, width: thousandths });
      cid = entry.drawn.length;
      if (cid > 0xffff) throw new RangeError('Too many distinct glyphs for one font');
      entry.cids.set(key, cid);
    }
    return cid;
  }

  /** The width of a glyph in the PDF, in ems. */
  static advance(face: LoadedFace, glyph: number): number {
    let advance = face.advances.get(glyph);
    if (advance === undefined) {
      advance = face.font.glyphHAdvance(glyph) / face.unitsPerEm;
      face.advances.set(glyph, advance);
    }
    return advance;
  }

  /** Adds the text drawn to its pages; writes the widths, CID-to-glyph and ToUnicode maps of the glyphs drawn. */
  finish(): void {
    const context = this.pdf.context;
    for (const [page, content] of this.contents) {
      page.node.addContentStream(context.register(compactStream(this.pdf, ['q', ...content, 'Q'].join('\n'))));
    }
    for (const { ref, cidFont, widths, drawn } of this.embedded.values()) {
      const cidToGid = new Uint8Array((drawn.length + 1) * 2);
      drawn.forEach(({ glyph }, index) => {
        cidToGid[(index + 1) * 2] = glyph >> 8;
        cidToGid[(index + 1) * 2 + 1] = glyph & 0xff;
      });
      if (drawn.length > 0) {
        widths.push(PDFNumber.of(1));
        widths.push(context.obj(drawn.map(({ width }) => width)));
      }
      context.lookup(cidFont, PDFDict).set(PDFName.of('CIDToGIDMap'), context.register(compactStream(this.pdf, cidToGid)));
      context.lookup(ref, PDFDict).set(PDFName.of('ToUnicode'), context.register(compactStream(this.pdf, toUnicodeCMap(drawn))));
    }
  }
}
