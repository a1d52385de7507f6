import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePdfTools } from '../../../worker/media/binaries.ts';
import { MediaInputError } from '../../../worker/media/media.errors.ts';
import { countPdfPages, renderPdfPages } from '../../../worker/media/pdf-pages.ts';
import { parsePpm } from '../../../worker/media/png-encode.ts';
import {
  createMediaWorkspace,
  makeCorruptPdf,
  makePdfOfPages,
  makeTestPdf,
  readPngSize,
  type MediaWorkspace,
  type TestPdfPage,
} from '../../support/media-fixtures.ts';

const run = promisify(execFile);
let workspace: MediaWorkspace;
let twelvePages: string;

beforeAll(async () => {
  workspace = await createMediaWorkspace('media-pdf-');
  twelvePages = await makeTestPdf(12, { dir: workspace.dir, linesPerPage: 20 });
});
afterAll(async () => {
  await workspace?.remove();
});

describe('renderPdfPages', () => {
  it('renders a 12-page PDF to 12 PNG files named by page, reporting each page', async () => {
    const outDir = workspace.file('pages-12');
    const progress: { loaded: number; total: number }[] = [];
    const result = await renderPdfPages({ input: twelvePages, outDir, onProgress: (update) => progress.push(update) });

    expect(result.pageCount).toBe(12);
    expect(result.files).toEqual(Array.from({ length: 12 }, (_, index) => path.join(outDir, `${index + 1}.png`)));
    expect((await readdir(outDir)).sort()).toEqual(result.files.map((file) => path.basename(file)).sort());
    for (const file of result.files) {
      // A4 (8.27 x 11.69 inches) at the default 120 dots per inch.
      expect(await readPngSize(file)).toEqual({ signatureOk: true, width: 992, height: 1403 });
    }
    expect(progress.map((update) => update.loaded)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(progress.every((update) => update.total === 12)).toBe(true);
    // Twelve Ghostscript renders: minutes, not seconds, on a machine busy with other work.
  }, 180_000);

  it('writes the pixels Ghostscript draws with 4-bit anti-aliasing, as a PNG another decoder reads', async () => {
    const { files } = await renderPdfPages({ input: twelvePages, outDir: workspace.file('pages-pixels'), concurrency: 2 });
    const drawn = workspace.file('page-9.ppm');
    await run('gs', [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-sDEVICE=ppmraw',
      '-r120',
      '-dTextAlphaBits=4',
      '-dGraphicsAlphaBits=4',
      '-dFirstPage=9',
      '-dLastPage=9',
      `-sOutputFile=${drawn}`,
      twelvePages,
    ]);
    const decoded = await run('ffmpeg', ['-v', 'error', '-i', files[8]!, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    const expected = parsePpm(await readFile(drawn));
    expect([expected.width, expected.height]).toEqual([992, 1403]);
    expect(decoded.stdout.equals(expected.pixels)).toBe(true);
  });

  it('renders at the density asked for', async () => {
    const two = await makeTestPdf(2, { dir: workspace.dir, name: 'two.pdf' });
    const { files } = await renderPdfPages({ input: two, outDir: workspace.file('pages-72'), density: 72 });
    expect(await readPngSize(files[1]!)).toEqual({ signatureOk: true, width: 595, height: 842 });
  });

  it('refuses a corrupt PDF clearly and writes nothing', async () => {
    const corrupt = await makeCorruptPdf(workspace.dir);
    const outDir = workspace.file('pages-corrupt');
    const error = await renderPdfPages({ input: corrupt, outDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaInputError);
    expect((error as Error).message).toMatch(/^The file is not a readable PDF/);
    expect(await readdir(outDir).catch(() => [])).toEqual([]);
  });

  it('refuses a password-protected PDF, and renders one that only restricts editing', async () => {
    const locked = await makeTestPdf(2, { dir: workspace.dir, name: 'locked.pdf', userPassword: 'student', ownerPassword: 'teacher' });
    await expect(renderPdfPages({ input: locked, outDir: workspace.file('pages-locked') })).rejects.toThrow(
      new MediaInputError('The PDF is protected by a password: remove the password and upload it again.'),
    );
    const restricted = await makeTestPdf(2, { dir: workspace.dir, name: 'restricted.pdf', ownerPassword: 'teacher' });
    expect((await renderPdfPages({ input: restricted, outDir: workspace.file('pages-restricted') })).pageCount).toBe(2);
  });

  it('refuses a file that is not a PDF at all', async () => {
    const text = workspace.file('notes.pdf');
    await writeFile(text, '%!PS\n(hello) print\n');
    await expect(countPdfPages(text)).rejects.toThrow('The file is not a PDF: it does not start with %PDF-.');
  });

  it('stops when aborted and removes the pages it wrote', async () => {
    const controller = new AbortController();
    const outDir = workspace.file('pages-aborted');
    const rendering = renderPdfPages({
      input: twelvePages,
      outDir,
      signal: controller.signal,
      concurrency: 1,
      onProgress: ({ loaded }) => loaded >= 2 && controller.abort(),
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(outDir)).toEqual([]);
  });
});

/** Page n is 100 + n points wide: at 72 dpi its image is 100 + n pixels wide, so each file tells which page it holds. */
function numberedPages(count: number): TestPdfPage[] {
  return Array.from({ length: count }, (_, index) => ({ width: 101 + index, height: 40 }));
}

async function widths(files: string[]): Promise<number[]> {
  return Promise.all(files.map(async (file) => (await readPngSize(file)).width));
}

describe('renderPdfPages across several Ghostscript runs', () => {
  it.each([
    { pages: 53, concurrency: 2 },
    { pages: 5, concurrency: 3 },
    { pages: 7, concurrency: 2 },
    { pages: 1, concurrency: 2 },
  ])('puts each of $pages pages in its own file, in order, $concurrency runs at a time', async ({ pages, concurrency }) => {
    const input = await makePdfOfPages(workspace.dir, `numbered-${pages}.pdf`, numberedPages(pages));
    const outDir = workspace.file(`numbered-${pages}-${concurrency}`);
    const progress: number[] = [];
    const result = await renderPdfPages({
      input,
      outDir,
      density: 72,
      concurrency,
      onProgress: ({ loaded, total }) => progress.push(total === pages ? loaded : -1),
    });

    expect(result.pageCount).toBe(pages);
    expect(result.files).toEqual(Array.from({ length: pages }, (_, index) => path.join(outDir, `${index + 1}.png`)));
    expect(await widths(result.files)).toEqual(Array.from({ length: pages }, (_, index) => 101 + index));
    // Nothing else is left in the folder: no run's own folder of files numbered from 1.
    expect((await readdir(outDir)).sort()).toEqual(result.files.map((file) => path.basename(file)).sort());
    expect(progress).toEqual(Array.from({ length: pages + 1 }, (_, index) => index));
  });

  it('refuses a page Ghostscript stops on, naming it, stops the other runs and leaves nothing', async () => {
    const pages: TestPdfPage[] = [...numberedPages(4), 'too-large', ...numberedPages(3)];
    const input = await makePdfOfPages(workspace.dir, 'too-large-page.pdf', pages);
    const outDir = workspace.file('pages-too-large');
    const error = await renderPdfPages({ input, outDir, density: 72, concurrency: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaInputError);
    expect((error as Error).message).toMatch(/^Page 5 of the PDF could not be rendered: .*PageSize \[14400000 14400000\]/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('refuses a page Ghostscript skips without an image, naming it, and leaves nothing', async () => {
    const input = await makePdfOfPages(workspace.dir, 'missing-page.pdf', [...numberedPages(2), 'missing', ...numberedPages(2)]);
    const outDir = workspace.file('pages-missing');
    const error = await renderPdfPages({ input, outDir, density: 72, concurrency: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaInputError);
    expect((error as Error).message).toBe("Page 3 of the PDF could not be rendered: Couldn't get page info.; page not found.");
    expect(await readdir(outDir)).toEqual([]);
  });

  it('refuses a page whose image would be too large to hold, naming it, and leaves nothing', async () => {
    // At 72 dpi the numbered pages are about 4,000 pixels and this one 40,000.
    const input = await makePdfOfPages(workspace.dir, 'poster-page.pdf', [...numberedPages(2), { width: 400, height: 100 }, ...numberedPages(1)]);
    const outDir = workspace.file('pages-poster');
    const error = await renderPdfPages({ input, outDir, density: 72, concurrency: 2, maxPagePixels: 10_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaInputError);
    expect((error as Error).message).toBe('Page 3 of the PDF is too large to turn into an image: over 10,000 pixels at 72 dpi.');
    expect(await readdir(outDir)).toEqual([]);
  });

  it('stops every run when aborted, leaving no Ghostscript process and no file', async () => {
    const controller = new AbortController();
    const outDir = workspace.file('pages-aborted-runs');
    const rendering = renderPdfPages({
      input: twelvePages,
      outDir,
      signal: controller.signal,
      concurrency: 2,
      onProgress: ({ loaded }) => loaded >= 3 && controller.abort(),
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(await readdir(outDir)).toEqual([]);
    const { stdout } = await run('ps', ['-eo', 'args']);
    expect(stdout.split('\n').filter((line) => line.includes(outDir))).toEqual([]);
  });
});

describe('Ghostscript runs with -dSAFER', () => {
  it('in every run, counting and rendering, reading only the input (seen by a gs wrapper on PATH)', async () => {
    const realGs = resolvePdfTools(process.env.PATH).gs;
    const shimFolder = workspace.file('gs-shim');
    const log = workspace.file('gs-calls.log');
    await mkdir(shimFolder, { recursive: true });
    await writeFile(path.join(shimFolder, 'gs'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGs}' "$@"\n`);
    await chmod(path.join(shimFolder, 'gs'), 0o755);
    const three = await makeTestPdf(3, { dir: workspace.dir, name: 'three.pdf' });

    const originalPath = process.env.PATH;
    process.env.PATH = `${shimFolder}${path.delimiter}${originalPath}`;
    try {
      await renderPdfPages({ input: three, outDir: workspace.file('pages-shim'), concurrency: 2 });
    } finally {
      process.env.PATH = originalPath;
    }
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    // One run counts the pages, then two render pages 1-2 and 3 (at the same time, so logged in either order).
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.split(' ')).toContain('-dSAFER');
      expect(call.split(' ').filter((arg) => arg.startsWith('--permit-'))).toEqual([`--permit-file-read=${three}`]);
    }
    expect(
      calls
        .filter((call) => call.includes('-sDEVICE=ppmraw'))
        .map((call) => /-dFirstPage=\d+ -dLastPage=\d+/.exec(call)?.[0])
        .sort(),
    ).toEqual(['-dFirstPage=1 -dLastPage=2', '-dFirstPage=3 -dLastPage=3']);
    expect(calls.some((call) => call.includes('-dNOSAFER'))).toBe(false);
  });
});
