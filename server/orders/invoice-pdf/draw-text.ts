import { PDFHexString, PDFOperator, PDFOperatorNames as Ops, type PDFPage } from 'pdf-lib';
import type { LoadedFace } from './fonts.ts';
import { clusterTexts, DocumentFonts } from './pdf-fonts.ts';
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

/** A glyph's outline as path operators (filled by the caller), its origin at (x, y). */
function outlineOperators(face: LoadedFace, glyph: number, x: number, y: number, size: number): PDFOperator[] {
  const scale = size / face.unitsPerEm;
  const point = (px: number, py: number) => [number(x + px * scale), number(y + py * scale)];
  const operators: PDFOperator[] = [];
  let current: [number, number] = [0, 0];
  for (const { type, values } of face.font.glyphToJson(glyph)) {
    if (type === 'M') operators.push(PDFOperator.of(Ops.MoveTo, point(values[0]!, values[1]!)));
    else if (type === 'L') operators.push(PDFOperator.of(Ops.LineTo, point(values[0]!, values[1]!)));
    else if (type === 'C') operators.push(PDFOperator.of(Ops.AppendBezierCurve, [...point(values[0]!, values[1]!), ...point(values[2]!, values[3]!), ...point(values[4]!, values[5]!)]));
    else if (type === 'Q') {
      // A quadratic curve is the cubic whose controls are two thirds of the way to its control.
      const [qx, qy, ex, ey] = values as [number, number, number, number];
      const c1 = point(current[0] + (2 / 3) * (qx - current[0]), current[1] + (2 / 3) * (qy - current[1]));
      const c2 = point(ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey));
      operators.push(PDFOperator.of(Ops.AppendBezierCurve, [...c1, ...c2, ...point(ex, ey)]));
    } else if (type === 'Z') operators.push(PDFOperator.of(Ops.ClosePath));
    if (values.length >= 2) current = [values.at(-2)!, values.at(-1)!];
  }
  if (operators.length > 0) operators.push(PDFOperator.of(Ops.FillNonZero));
  return operators;
}

/**
 * Draws clusters on one line where HarfBuzz placed them.
 *
 * Text comes back from the PDF as typed, in two ways. Each run of one font is a marked-content span
 * whose ActualText is the run's text (for readers that use it). And, since Malayalam glyphs are
 * drawn in visual order (a vowel sign before its consonant, a conjunct as one glyph) and many
 * extractors only read each glyph's ToUnicode text in drawing order, each cluster's characters are
 * shared out one per glyph in logical order: characters left over ride on invisible zero-width
 * glyphs after the cluster, and a glyph with no character left (the second part of a two-part vowel
 * sign) is drawn as an outline rather than as text.
 */
export function drawClusters(page: PDFPage, fonts: DocumentFonts, clusters: readonly ShapedCluster[], placement: TextPlacement): void {
  const { size } = placement;
  const operators: PDFOperator[] = [];
  const raw = (name: string, ...args: string[]) => operators.push(PDFOperator.of(name as Ops, args));
  const moveTo = (x: number, y: number) => raw(Ops.SetTextMatrix, '1', '0', '0', '1', number(x), number(y));
  raw(Ops.NonStrokingColorRgb, ...placement.color.map(number));
  let penX = placement.x;
  let index = 0;
  while (index < clusters.length) {
    const face = clusters[index]!.face;
    let end = index;
    while (end < clusters.length && clusters[end]!.face === face) end += 1;
    const run = clusters.slice(index, end);
    const outlines: PDFOperator[] = [];
    raw(Ops.BeginMarkedContentSequence, '/Span', `<< /ActualText ${PDFHexString.fromText(run.map((cluster) => cluster.text).join('')).toString()} >>`);
    raw(Ops.BeginText);
    raw(Ops.SetFontAndSize, fonts.fontName(page, face).toString(), number(size));
    moveTo(penX, placement.y);
    let shown: string[] = [];
    const flush = () => {
      if (shown.length > 0) raw(Ops.ShowTextAdjusted, `[${shown.join(' ')}]`);
      shown = [];
    };
    for (const cluster of run) {
      const { glyphTexts, carried } = clusterTexts(cluster.text, cluster.glyphs.length);
      for (const [glyphIndex, glyph] of cluster.glyphs.entries()) {
        const text = glyphTexts[glyphIndex]!;
        if (text === '') {
          // Its advance was taken by the glyph before it, so that the text runs on without a gap.
          outlines.push(...outlineOperators(face, glyph.id, penX + glyph.xOffset * size, placement.y + glyph.yOffset * size, size));
          penX += glyph.advance * size;
          continue;
        }
        let taken = 0;
        for (let next = glyphIndex + 1; next < cluster.glyphs.length && glyphTexts[next] === ''; next += 1) taken += cluster.glyphs[next]!.advance;
        const width = DocumentFonts.advance(face, glyph.id) + taken;
        const cid = cidHex(fonts.cid(face, glyph.id, text, width));
        if (glyph.xOffset !== 0 || glyph.yOffset !== 0) {
          flush();
          moveTo(penX + glyph.xOffset * size, placement.y + glyph.yOffset * size);
          raw(Ops.ShowText, cid);
          penX += glyph.advance * size;
          moveTo(penX + taken * size, placement.y);
          continue;
        }
        shown.push(cid);
        const adjustment = (width - glyph.advance - taken) * 1000;
        if (Math.abs(adjustment) > 0.01) shown.push(number(adjustment));
        penX += glyph.advance * size;
      }
      for (const character of carried) shown.push(cidHex(fonts.carrierCid(face, character)));
    }
    flush();
    raw(Ops.EndText);
    operators.push(...outlines);
    raw(Ops.EndMarkedContent);
    index = end;
  }
  page.pushOperators(...operators);
}
