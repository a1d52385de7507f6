import { PDFHexString, type PDFPage } from 'pdf-lib';
import type { LoadedFace } from './fonts.ts';
import { DocumentFonts } from './pdf-fonts.ts';
import type { ShapedCluster } from './shaping.ts';

export interface TextPlacement {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  /** Fill colour, 0 to 1 each. */
  color: [number, number, number];
}

function cidHex(cid: number): string {
  return `<${cid.toString(16).padStart(4, '0').toUpperCase()}>`;
}

const number = (value: number) => String(Math.round(value * 1000) / 1000);

/** A glyph's outline as path operators, filled, its origin at (x, y). */
function outlineOperators(face: LoadedFace, glyph: number, x: number, y: number, size: number): string[] {
  const scale = size / face.unitsPerEm;
  const point = (px: number, py: number) => `${number(x + px * scale)} ${number(y + py * scale)}`;
  const operators: string[] = [];
  let current: [number, number] = [0, 0];
  for (const { type, values } of face.font.glyphToJson(glyph)) {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = values;
    if (type === 'M') operators.push(`${point(a, b)} m`);
    else if (type === 'L') operators.push(`${point(a, b)} l`);
    else if (type === 'C') operators.push(`${point(a, b)} ${point(c, d)} ${point(e, f)} c`);
    else if (type === 'Q') {
      // A quadratic curve is the cubic whose controls are two thirds of the way to its control.
      const c1 = point(current[0] + (2 / 3) * (a - current[0]), current[1] + (2 / 3) * (b - current[1]));
      operators.push(`${c1} ${point(c + (2 / 3) * (a - c), d + (2 / 3) * (b - d))} ${point(c, d)} c`);
    } else if (type === 'Z') operators.push('h');
    if (values.length >= 2) current = [values.at(-2)!, values.at(-1)!];
  }
  if (operators.length > 0) operators.push('f');
  return operators;
}

/**
 * How a cluster's characters are read back. Extractors such as Ghostscript's read each glyph's
 * ToUnicode text and order the pieces by where each glyph starts, so a character may only ride on a
 * glyph that starts after the one before it: a glyph with an advance, where HarfBuzz put the pen
 * (the consonant, a vowel sign drawn before it). Those take the characters one each in typed order;
 * characters left over ride on invisible glyphs just before the cluster's end, one after another;
 * other glyphs (marks with no advance, glyphs moved off the pen, parts beyond the characters, such
 * as the second part of a two-part vowel sign) are drawn as outlines, which no extractor reads.
 */
export function clusterReading(cluster: ShapedCluster): { glyphTexts: Array<string | null>; carried: string[] } {
  const characters = [...cluster.text];
  let next = 0;
  const glyphTexts = cluster.glyphs.map((glyph) => {
    const startsAfterPrevious = glyph.advance > 0 && glyph.xOffset === 0 && glyph.yOffset === 0;
    return startsAfterPrevious && next < characters.length ? characters[next++]! : null;
  });
  return { glyphTexts, carried: characters.slice(next) };
}

/**
 * Draws clusters on one line where HarfBuzz placed them. Text comes back from the PDF as typed in
 * two ways: each run of one font is a marked-content span whose ActualText is the run's text (for
 * readers that use it), and each cluster's characters are shared out over its glyphs as
 * `clusterReading` says (for readers that only use ToUnicode).
 */
export function drawClusters(page: PDFPage, fonts: DocumentFonts, clusters: readonly ShapedCluster[], placement: TextPlacement): void {
  const { size } = placement;
  const operators = fonts.contentOf(page);
  operators.push(`${placement.color.map(number).join(' ')} rg`);
  let penX = placement.x;
  let index = 0;
  while (index < clusters.length) {
    const face = clusters[index]!.face;
    let end = index;
    while (end < clusters.length && clusters[end]!.face === face) end += 1;
    const run = clusters.slice(index, end);
    const outlines: string[] = [];
    operators.push(`/Span << /ActualText ${PDFHexString.fromText(run.map((cluster) => cluster.text).join('')).toString()} >> BDC`);
    operators.push(`BT ${fonts.fontName(page, face).toString()} ${number(size)} Tf 1 0 0 1 ${number(penX)} ${number(placement.y)} Tm`);
    const shown: string[] = [];
    for (const cluster of run) {
      const { glyphTexts, carried } = clusterReading(cluster);
      let lastTextAdvance = 0;
      for (const [glyphIndex, glyph] of cluster.glyphs.entries()) {
        const text = glyphTexts[glyphIndex] ?? null;
        if (text === null) {
          outlines.push(...outlineOperators(face, glyph.id, penX + glyph.xOffset * size, placement.y + glyph.yOffset * size, size));
          // Its advance was taken by the text glyph before it (so the text runs on without a gap), if any.
          if (!glyphTexts.slice(0, glyphIndex).some((before) => before !== null)) shown.push(number(-glyph.advance * 1000));
          penX += glyph.advance * size;
          continue;
        }
        let taken = 0;
        for (let after = glyphIndex + 1; after < cluster.glyphs.length && glyphTexts[after] === null; after += 1) taken += cluster.glyphs[after]!.advance;
        const width = DocumentFonts.advance(face, glyph.id) + taken;
        shown.push(cidHex(fonts.cid(face, glyph.id, text, width)));
        const adjustment = (width - glyph.advance - taken) * 1000;
        if (Math.abs(adjustment) > 0.01) shown.push(number(adjustment));
        penX += glyph.advance * size;
        lastTextAdvance = glyph.advance;
      }
      if (carried.length > 0) {
        const step = Math.min(0.02, (lastTextAdvance || cluster.width) / (2 * carried.length)) * 1000;
        shown.push(number(step * carried.length));
        for (const character of carried) shown.push(cidHex(fonts.carrierCid(face, character)), number(-step));
      }
    }
    if (shown.length > 0) operators.push(`[${shown.join(' ')}] TJ`);
    operators.push('ET', ...outlines, 'EMC');
    index = end;
  }
}
