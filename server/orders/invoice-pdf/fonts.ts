import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import type * as HarfBuzz from 'harfbuzzjs';
import type { Face, Font } from 'harfbuzzjs';
import { woffToSfnt } from './woff.ts';

/**
 * Noto Sans Malayalam as @fontsource ships it: one file per Unicode range, each with its own glyph
 * ids and layout tables. Malayalam text is shaped with the Malayalam file; Latin text (names,
 * numbers, labels) with the Latin files, which carry Noto Sans's Latin.
 */
export const FACE_FILES = {
  malayalam: { regular: 'noto-sans-malayalam-malayalam-400-normal.woff', bold: 'noto-sans-malayalam-malayalam-700-normal.woff' },
  latin: { regular: 'noto-sans-malayalam-latin-400-normal.woff', bold: 'noto-sans-malayalam-latin-700-normal.woff' },
  latinExt: { regular: 'noto-sans-malayalam-latin-ext-400-normal.woff', bold: 'noto-sans-malayalam-latin-ext-700-normal.woff' },
} as const;
export type FaceRange = keyof typeof FACE_FILES;
export type Weight = 'regular' | 'bold';

/** One font file: its sfnt (for the PDF) and HarfBuzz's face and font over it (for shaping). */
export interface LoadedFace {
  key: `${FaceRange}-${Weight}`;
  range: FaceRange;
  weight: Weight;
  postScriptName: string;
  sfnt: Uint8Array;
  /** The sfnt deflated once, as the PDF's font file stream holds it. */
  deflated: Uint8Array;
  face: Face;
  font: Font;
  unitsPerEm: number;
  /** The code points the file has a glyph for. */
  covers: Set<number>;
  /** Glyph advances in ems, filled as glyphs are drawn (the font is shared for the process). */
  advances: Map<number, number>;
  ascent: number;
  descent: number;
  capHeight: number;
  bbox: [number, number, number, number];
}

export type FaceSet = Record<`${FaceRange}-${Weight}`, LoadedFace>;

/** The faces and the HarfBuzz module that shapes with them. */
export interface InvoiceFonts {
  hb: typeof HarfBuzz;
  faces: FaceSet;
}

const require = createRequire(import.meta.url);

function int16(data: Uint8Array, offset: number): number {
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getInt16(offset);
}

async function loadFace(hb: typeof HarfBuzz, range: FaceRange, weight: Weight): Promise<LoadedFace> {
  const woff = await readFile(require.resolve(`@fontsource/noto-sans-malayalam/files/${FACE_FILES[range][weight]}`));
  const sfnt = woffToSfnt(woff);
  const face = new hb.Face(new hb.Blob(sfnt));
  const font = new hb.Font(face);
  const covers = new Set(face.collectUnicodes());
  const head = face.referenceTable('head')!;
  const hhea = face.referenceTable('hhea')!;
  const os2 = face.referenceTable('OS/2');
  return {
    key: `${range}-${weight}`,
    range,
    weight,
    postScriptName: weight === 'bold' ? 'NotoSansMalayalam-Bold' : 'NotoSansMalayalam-Regular',
    sfnt,
    deflated: deflateSync(sfnt),
    face,
    font,
    unitsPerEm: face.upem,
    covers,
    advances: new Map(),
    ascent: int16(hhea, 4),
    descent: int16(hhea, 6),
    capHeight: os2 && os2.length >= 90 ? int16(os2, 88) : int16(hhea, 4),
    bbox: [int16(head, 36), int16(head, 38), int16(head, 40), int16(head, 42)],
  };
}

let loading: Promise<InvoiceFonts> | undefined;

/** The faces, read and parsed once per process (about 0.2 MB); HarfBuzz is loaded on first use. */
export function invoiceFonts(): Promise<InvoiceFonts> {
  loading ??= (async () => {
    const hb = await import('harfbuzzjs');
    const entries = await Promise.all(
      (Object.keys(FACE_FILES) as FaceRange[]).flatMap((range) => (['regular', 'bold'] as const).map((weight) => loadFace(hb, range, weight))),
    );
    return { hb, faces: Object.fromEntries(entries.map((face) => [face.key, face])) as FaceSet };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}
