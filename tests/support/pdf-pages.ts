import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs a command on a PDF written to a temporary file. */
async function withPdfFile<T>(pdf: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'pdf-page-'));
  try {
    const file = path.join(directory, 'document.pdf');
    await writeFile(file, pdf);
    return await use(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The text of a PDF as Ghostscript's txtwrite reads it (from each glyph's ToUnicode text, in drawing order). */
export function ghostscriptText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file) => (await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=txtwrite', '-sOutputFile=-', file])).stdout);
}

/** A character Ghostscript read, with its box in points from the page's top left (y is the baseline). */
export interface PlacedCharacter {
  c: string;
  x0: number;
  x1: number;
  baseline: number;
}

const entities: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&apos;': "'" };

/** The lines of the first page as Ghostscript reads them: characters on one baseline, in the order drawn. */
export async function ghostscriptLines(pdf: Uint8Array): Promise<Array<{ text: string; baseline: number; characters: PlacedCharacter[] }>> {
  const xml = await withPdfFile(
    pdf,
    async (file) =>
      (await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-dLastPage=1', '-sDEVICE=txtwrite', '-dTextFormat=1', '-sOutputFile=-', file])).stdout,
  );
  const characters = [...xml.matchAll(/<char bbox="([\d.-]+) ([\d.-]+) ([\d.-]+) [\d.-]+" c="([^"]*)"\/>/g)].map((match) => ({
    c: match[4]!.replace(/&#x([\da-f]+);|&\w+;/gi, (entity, hex?: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : (entities[entity] ?? entity))),
    x0: Number(match[1]),
    x1: Number(match[3]),
    baseline: Number(match[2]),
  }));
  const lines: Array<{ text: string; baseline: number; characters: PlacedCharacter[] }> = [];
  for (const character of characters) {
    const line = lines.find((candidate) => Math.abs(candidate.baseline - character.baseline) < 1.5);
    if (line) line.characters.push(character);
    else lines.push({ text: '', baseline: character.baseline, characters: [character] });
  }
  for (const line of lines) {
    line.text = line.characters.map((character) => character.c).join('');
  }
  return lines.sort((a, b) => a.baseline - b.baseline);
}

/** An 8-bit grey image, row by row (0 black, 255 white). */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

function parsePgm(data: Buffer): GreyImage {
  // "P5", width, height and the largest value, separated by white space and "#" comments, then one white space.
  const fields: string[] = [];
  let offset = 0;
  while (fields.length < 4) {
    const match = /^(?:\s+|#[^\n]*\n)*(\S+)/.exec(data.subarray(offset, offset + 256).toString('latin1'))!;
    fields.push(match[1]!);
    offset += match[0].length;
  }
  if (fields[0] !== 'P5' || fields[3] !== '255') throw new Error('Not an 8-bit PGM image');
  const width = Number(fields[1]);
  const height = Number(fields[2]);
  return { width, height, pixels: new Uint8Array(data.subarray(offset + 1, offset + 1 + width * height)) };
}

/** The first page rendered by Ghostscript in grey, antialiased, at `dpi`. */
export function renderPage(pdf: Uint8Array, dpi: number): Promise<GreyImage> {
  return withPdfFile(pdf, async (file) => {
    const { stdout } = await run(
      'gs',
      [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-dLastPage=1',
        '-sDEVICE=pgmraw',
        `-r${dpi}`,
        '-dTextAlphaBits=4',
        '-dGraphicsAlphaBits=4',
        '-sOutputFile=-',
        file,
      ],
      {
        encoding: 'buffer',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    return parsePgm(stdout);
  });
}

/** An image file (PNG) read in grey through GraphicsMagick. */
export async function readImage(file: string): Promise<GreyImage> {
  const { stdout } = await run('gm', ['convert', file, '-colorspace', 'gray', '-depth', '8', 'pgm:-'], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return parsePgm(stdout);
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The smallest box holding every pixel darker than `threshold` within `within` (the whole image by default). */
export function inkBox(image: GreyImage, within: Box = { left: 0, top: 0, right: image.width, bottom: image.height }, threshold = 160): Box | null {
  let box: Box | null = null;
  for (let y = Math.max(0, within.top); y < Math.min(image.height, within.bottom); y += 1) {
    for (let x = Math.max(0, within.left); x < Math.min(image.width, within.right); x += 1) {
      if (image.pixels[y * image.width + x]! >= threshold) continue;
      box = box
        ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x + 1), bottom: Math.max(box.bottom, y + 1) }
        : { left: x, top: y, right: x + 1, bottom: y + 1 };
    }
  }
  return box;
}

/** The ink of a box averaged onto a grid of `columns` × `rows` cells (0 none, 1 all ink). */
function inkGrid(image: GreyImage, box: Box, columns: number, rows: number): Float64Array {
  const grid = new Float64Array(columns * rows);
  const counts = new Float64Array(columns * rows);
  const width = box.right - box.left;
  const height = box.bottom - box.top;
  for (let y = box.top; y < box.bottom; y += 1) {
    for (let x = box.left; x < box.right; x += 1) {
      const cell =
        Math.min(rows - 1, Math.floor(((y - box.top) * rows) / height)) * columns + Math.min(columns - 1, Math.floor(((x - box.left) * columns) / width));
      grid[cell]! += 1 - image.pixels[y * image.width + x]! / 255;
      counts[cell]! += 1;
    }
  }
  return grid.map((sum, cell) => sum / Math.max(1, counts[cell]!));
}

/**
 * How far apart the ink of two boxes is: both scaled onto one grid (cells about a tenth of the text
 * height), the ink that differs over all the ink (0 the same, 1 nothing in common), and how much
 * their widths-to-heights differ.
 */
export function inkDifference(a: GreyImage, aBox: Box, b: GreyImage, bBox: Box): { ink: number; aspect: number } {
  const rows = 16;
  const columns = Math.round((rows * (bBox.right - bBox.left)) / (bBox.bottom - bBox.top));
  const gridA = inkGrid(a, aBox, columns, rows);
  const gridB = inkGrid(b, bBox, columns, rows);
  let differing = 0;
  let total = 0;
  for (let cell = 0; cell < gridA.length; cell += 1) {
    differing += Math.abs(gridA[cell]! - gridB[cell]!);
    total += gridA[cell]! + gridB[cell]!;
  }
  const aspectA = (aBox.right - aBox.left) / (aBox.bottom - aBox.top);
  const aspectB = (bBox.right - bBox.left) / (bBox.bottom - bBox.top);
  return { ink: differing / total, aspect: Math.abs(aspectA - aspectB) / aspectB };
}
