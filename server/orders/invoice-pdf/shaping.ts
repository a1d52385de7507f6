import type * as HarfBuzz from 'harfbuzzjs';
import type { FaceRange, FaceSet, InvoiceFonts, LoadedFace, Weight } from './fonts.ts';

/** A glyph as HarfBuzz placed it, in ems (multiply by the font size for points). */
export interface PlacedGlyph {
  id: number;
  advance: number;
  xOffset: number;
  yOffset: number;
}

/**
 * A cluster: the smallest piece of text that keeps its glyphs (a consonant with its conjunct,
 * chillu or vowel signs), which is never split across lines, and the text it stands for, which an
 * extractor gets back for its glyphs whatever order they are drawn in.
 */
export interface ShapedCluster {
  face: LoadedFace;
  text: string;
  glyphs: PlacedGlyph[];
  width: number;
}

/** Malayalam, and what Malayalam text uses from elsewhere (joiners, dandas, the dotted circle). */
function isMalayalam(codePoint: number): boolean {
  return (
    (codePoint >= 0x0d00 && codePoint <= 0x0d7f) ||
    [0x200c, 0x200d, 0x25cc, 0x0951, 0x0952, 0x0964, 0x0965, 0x1cda].includes(codePoint) ||
    (codePoint >= 0xa830 && codePoint <= 0xa832)
  );
}

/** Combining marks and variation selectors stay with the character before them. */
function joinsPrevious(character: string): boolean {
  const codePoint = character.codePointAt(0)!;
  return /^\p{M}$/u.test(character) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);
}

/** Which file draws a character: Malayalam (and its joiners) by the Malayalam one, the rest by the first file that has it. */
function rangeFor(character: string, previous: FaceRange | undefined, faces: FaceSet): FaceRange | undefined {
  const codePoint = character.codePointAt(0)!;
  if (isMalayalam(codePoint)) return 'malayalam';
  if (previous && joinsPrevious(character) && faces[`${previous}-regular`].covers.has(codePoint)) return previous;
  if (codePoint === 0x20 && previous) return previous;
  return (['latin', 'latinExt', 'malayalam'] as const).find((range) => faces[`${range}-regular`].covers.has(codePoint));
}

/** The text cut into runs of one font file each; a character none of them has is written "?". */
export function itemize(text: string, faces: FaceSet): Array<{ range: FaceRange; text: string }> {
  const runs: Array<{ range: FaceRange; text: string }> = [];
  for (const character of text.normalize('NFC')) {
    const range = rangeFor(character, runs.at(-1)?.range, faces);
    const written = range ? character : '?';
    const chosen = range ?? 'latin';
    const last = runs.at(-1);
    if (last?.range === chosen) last.text += written;
    else runs.push({ range: chosen, text: written });
  }
  return runs;
}

/** Shapes one run with HarfBuzz (script, direction and language guessed from the text). */
function shapeRun(hb: typeof HarfBuzz, face: LoadedFace, text: string): ShapedCluster[] {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(face.font, buffer);
  const glyphs = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const scale = 1 / face.unitsPerEm;
  const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const clusters: ShapedCluster[] = [];
  let currentStart = -1;
  for (const [index, glyph] of glyphs.entries()) {
    const position = positions[index]!;
    if (glyph.cluster !== currentStart) {
      currentStart = glyph.cluster;
      const next = starts.find((start) => start > glyph.cluster) ?? text.length;
      clusters.push({ face, text: text.slice(glyph.cluster, next), glyphs: [], width: 0 });
    }
    const cluster = clusters.at(-1)!;
    const placed = { id: glyph.codepoint, advance: position.xAdvance * scale, xOffset: position.xOffset * scale, yOffset: position.yOffset * scale };
    cluster.glyphs.push(placed);
    cluster.width += placed.advance;
  }
  return clusters;
}

const SHAPED_KEPT = 500;
const shaped = new Map<string, readonly ShapedCluster[]>();

/**
 * The text as clusters of glyphs, shaped run by run in the weight asked for. The labels of every
 * invoice and recent names and titles are kept shaped (clusters are never changed once made).
 */
export function shapeText(text: string, { hb, faces }: InvoiceFonts, weight: Weight): readonly ShapedCluster[] {
  const key = `${weight} ${text}`;
  let clusters = shaped.get(key);
  if (clusters) {
    shaped.delete(key);
  } else {
    clusters = itemize(text, faces).flatMap((run) => shapeRun(hb, faces[`${run.range}-${weight}`], run.text));
    if (shaped.size >= SHAPED_KEPT) shaped.delete(shaped.keys().next().value!);
  }
  shaped.set(key, clusters);
  return clusters;
}

/** The width of clusters in ems. */
export function widthOf(clusters: readonly ShapedCluster[]): number {
  return clusters.reduce((sum, cluster) => sum + cluster.width, 0);
}

/**
 * Clusters broken into lines no wider than `width` ems: at spaces where possible, between clusters
 * when a word alone is wider (never inside a cluster). Spaces at a break are dropped.
 */
export function wrapClusters(clusters: readonly ShapedCluster[], width: number): ShapedCluster[][] {
  const isSpace = (cluster: ShapedCluster) => /^\s+$/u.test(cluster.text);
  const words: ShapedCluster[][] = [];
  for (const cluster of clusters) {
    if (isSpace(cluster)) words.push([cluster]);
    else if (words.length > 0 && !isSpace(words.at(-1)![0]!)) words.at(-1)!.push(cluster);
    else words.push([cluster]);
  }
  const lines: ShapedCluster[][] = [[]];
  for (const word of words) {
    const line = lines.at(-1)!;
    if (isSpace(word[0]!)) {
      if (line.length > 0) line.push(...word);
      continue;
    }
    if (line.length > 0 && widthOf(line) + widthOf(word) > width) {
      while (line.length > 0 && isSpace(line.at(-1)!)) line.pop();
      lines.push([]);
    }
    for (const cluster of word) {
      const current = lines.at(-1)!;
      if (current.length > 0 && widthOf(current) + cluster.width > width) lines.push([cluster]);
      else current.push(cluster);
    }
  }
  const last = lines.at(-1)!;
  while (last.length > 0 && isSpace(last.at(-1)!)) last.pop();
  return lines.filter((line, index) => line.length > 0 || index === 0);
}
