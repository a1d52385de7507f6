import { execFile } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePdfTools } from '../../../worker/media/binaries.ts';
import { MediaInputError } from '../../../worker/media/media.errors.ts';
import { countPdfPages, renderPdfPages } from '../../../worker/media/pdf-pages.ts';
import { createMediaWorkspace, makeCorruptPdf, makeTestPdf, readPngSize, type MediaWorkspace } from '../../support/media-fixtures.ts';

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

describe('Ghostscript runs with -dSAFER', () => {
  it('in every run, counting and rendering (seen by a gs wrapper on PATH)', async () => {
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
      await renderPdfPages({ input: three, outDir: workspace.file('pages-shim') });
    } finally {
      process.env.PATH = originalPath;
    }
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    expect(calls).toHaveLength(4);
    for (const call of calls) expect(call.split(' ')).toContain('-dSAFER');
    expect(calls.some((call) => call.includes('-dNOSAFER'))).toBe(false);
  });

  it("in GraphicsMagick's configured delegates", async (context) => {
    let listing: string;
    try {
      listing = (await run('gm', ['convert', '-list', 'delegates'])).stdout;
    } catch {
      return context.skip('GraphicsMagick (gm) is not installed, so there is no delegate configuration to check');
    }
    const file = /^Path:\s*(.+delegates\.mgk)\s*$/m.exec(listing)?.[1];
    const text = file ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
    if (!file || text === undefined) {
      return context.skip(
        `GraphicsMagick did not name a readable delegates.mgk (expected e.g. /usr/lib/GraphicsMagick-1.3.40/config/delegates.mgk; it said: ${file ?? 'nothing'})`,
      );
    }
    const ghostscriptDelegates = [...text.matchAll(/<delegate\b[^>]*command='("gs"[^']*)'/g)].map((match) => match[1]!);
    expect(ghostscriptDelegates.length).toBeGreaterThan(0);
    for (const command of ghostscriptDelegates) expect(command).toContain('-dSAFER');
    // The PDF and PostScript readers GraphicsMagick uses for pdf2pic are among them.
    expect(text).toMatch(/decode="gs-color"[^>]*-dSAFER/);
  });
});
