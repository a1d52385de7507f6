import { mkdir, mkdtemp, open, readdir, rename, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ProgressCallback } from '../../shared/media/media.types.ts';
import { resolvePdfTools } from './binaries.ts';
import { MediaInputError, MediaProcessError, abortError } from './media.errors.ts';
import { pageRanges, type PageRange } from './pdf-page-ranges.ts';
import { PpmError, PpmToPng } from './png-encode.ts';
import { runTool } from './run-tool.ts';

/**
 * 120 dpi makes an A4 page 992 pixels wide, about a phone screen's width. Ghostscript renders
 * the pages (ppmraw: 24-bit RGB, text and drawings anti-aliased with 4 bits), a range of pages
 * per process and one process per core, so its start-up and font loading are paid once a range
 * rather than once a page; the images are the same pixels GraphicsMagick's delegate produced
 * with a process per page. This process turns each into a PNG (png-encode.ts) at a quarter of
 * the CPU Ghostscript's PNG writer takes (its compression cannot be changed). What remains is
 * mostly Ghostscript anti-aliasing text: about 75 ms of a dense page's 100. Measured with
 * scripts/bench/media.ts on 2 cores shared with other work (docs/benchmarks.md): a dense text
 * page (45 lines) 96 to 119 ms of CPU, 8 to 11 pages/s when the other work leaves about a core
 * free, 17 to 21 on two free cores; a simple page (a heading and a drawing) 21 to 25 ms. A
 * GraphicsMagick and a Ghostscript process per page took 250 and 140 ms (5.2 and 9.6 pages/s).
 */
export const DEFAULT_PDF_DENSITY = 120;
/** 50 million pixels: a 150 MB image; an A0 poster at 120 dpi has 22 million. */
export const MAX_PDF_PAGE_PIXELS = 50_000_000;
export const DEFAULT_PDF_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism()));

export interface RenderPdfPagesOptions {
  input: string;
  /** Pages are written as `<outDir>/1.png`, `<outDir>/2.png`, ... */
  outDir: string;
  /** Pages rendered so far, of the page count. */
  onProgress?: ProgressCallback | undefined;
  signal?: AbortSignal | undefined;
  /** Dots per inch: an A4 page is 8.27 inches wide, so 120 makes it 992 pixels wide. */
  density?: number | undefined;
  /** Ghostscript processes at once, each rendering a range of pages. */
  concurrency?: number | undefined;
  /** A page whose image has more pixels is refused; the worker holds a page's image in memory to write its PNG. */
  maxPagePixels?: number | undefined;
}

export interface RenderedPdf {
  pageCount: number;
  /** Absolute paths, in page order. */
  files: string[];
}

async function startsLikePdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    return head.toString('latin1') === '%PDF-';
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Ghostscript's --permit-file-read takes a list separated by ':' and treats '*' and '?' as
 * wildcards; a path with those characters is read through a plain-named link instead.
 */
async function withPlainPath<T>(file: string, use: (plain: string) => Promise<T>): Promise<T> {
  const absolute = path.resolve(file);
  if (!/[:*?\\]/.test(absolute)) return use(absolute);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'pdf-count-'));
  try {
    const link = path.join(folder, 'input.pdf');
    await symlink(absolute, link);
    return await use(link);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The page count, from Ghostscript's own PDF interpreter. -dSAFER stays on: the one file it
 * may read is named with --permit-file-read, and the name reaches PostScript as a -s string,
 * so no quoting is involved. (`gm identify` would render every page to count them.)
 */
export async function countPdfPages(file: string, options: { gs?: string; signal?: AbortSignal | undefined } = {}): Promise<number> {
  if (!(await startsLikePdf(file))) throw new MediaInputError('The file is not a PDF: it does not start with %PDF-.');
  const { stdout, stderr } = await withPlainPath(file, (plain) =>
    runTool({
      tool: 'Ghostscript',
      command: options.gs ?? 'gs',
      args: [
        '-q',
        '-dSAFER',
        '-dNODISPLAY',
        '-dNOPAUSE',
        '-dBATCH',
        `--permit-file-read=${plain}`,
        `-sPDFFile=${plain}`,
        '-c',
        'PDFFile (r) file runpdfbegin pdfpagecount = quit',
      ],
      collectStdout: true,
      signal: options.signal,
    }).catch((error: unknown) => {
      if (error instanceof MediaProcessError) return { stdout: '', stderr: error.stderrTail };
      throw error;
    }),
  );
  const output = `${stdout}\n${stderr}`;
  if (/requires a password/i.test(output)) {
    throw new MediaInputError('The PDF is protected by a password: remove the password and upload it again.');
  }
  const count = Number(stdout.trim().split(/\s+/).pop());
  if (!Number.isInteger(count) || count < 1) {
    const reason = ghostscriptMessage(output);
    throw new MediaInputError(`The file is not a readable PDF${reason ? `: ${reason}` : '.'}`);
  }
  return count;
}

/** Ghostscript's complaint without its banner, asterisks, boilerplate and the page count it printed anyway. */
function ghostscriptMessage(output: string): string {
  const lines = output
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/^[\s*]+/, '')
        .replace(/^Error:\s*/i, '')
        .trim(),
    )
    .filter((line) => line && !/^\d+$/.test(line) && !/^GPL Ghostscript/i.test(line) && !/Output may be incorrect/i.test(line));
  return [...new Set(lines)].slice(-2).join('; ');
}

/** Ghostscript's own complaints among the lines it printed: "Error: ..." and the information after it. */
function ghostscriptErrors(lines: string[]): string {
  return ghostscriptMessage(lines.filter((line) => /^\s*(\*+\s*)?(Error:|Additional information:)/.test(line)).join('\n'));
}

function pageFailure(page: number, reason: string): MediaInputError {
  return new MediaInputError(`Page ${page} of the PDF could not be rendered: ${reason || 'Ghostscript wrote no image'}`);
}

/** `%` starts a page-number template in Ghostscript's output file name; `%%` is a plain `%`. */
function outputTemplate(folder: string): string {
  return `${folder.replaceAll('%', '%%')}/%d.ppm`;
}

interface RangeRun {
  gs: string;
  /** The input, by a name --permit-file-read can hold. */
  input: string;
  outDir: string;
  density: number;
  maxPagePixels: number;
  range: PageRange;
  signal: AbortSignal;
  /** Called once a page's PNG is in place. */
  onPage: (page: number) => void;
}

/**
 * One Ghostscript process renders a range of pages into a folder of its own (its images are
 * numbered from 1 whatever the range); a page's image is complete once Ghostscript announces the
 * next page ("Page N" on stdout) or exits, and is then written as a PNG beside it and moved to
 * `<outDir>/<page>.png`, so that file appears whole. A page without an image, or Ghostscript
 * stopping on a page, fails the range with that page's number; the folder is removed either way.
 */
async function renderRange(run: RangeRun): Promise<void> {
  const { first, last } = run.range;
  const folder = await mkdtemp(path.join(run.outDir, `.pages-${first}-`));
  const converter = new PpmToPng();
  let placed = 0;
  let announced: number | undefined;
  let sincePage: string[] = [];
  let chain = Promise.resolve();
  let chainError: unknown;
  const stopped = new AbortController();
  const signal = AbortSignal.any([run.signal, stopped.signal]);

  /** Moves the files of the range's first `count` pages into place; `lines` are what Ghostscript printed about the last of them. */
  const placeUpTo = async (count: number, lines: string[]): Promise<void> => {
    for (; placed < count; placed += 1) {
      const page = first + placed;
      const rendered = path.join(folder, `${placed + 1}.ppm`);
      const size = await stat(rendered).then(
        (file) => file.size,
        () => 0,
      );
      if (size === 0) throw pageFailure(page, ghostscriptErrors(lines));
      // Three bytes a pixel, and a header of a few dozen bytes.
      if (size > run.maxPagePixels * 3 + 1024) {
        throw new MediaInputError(
          `Page ${page} of the PDF is too large to turn into an image: over ${run.maxPagePixels.toLocaleString('en-US')} pixels at ${run.density} dpi.`,
        );
      }
      const png = path.join(folder, `${placed + 1}.png`);
      try {
        await converter.convert(rendered, png, size, run.density);
      } catch (error) {
        if (error instanceof PpmError) throw pageFailure(page, `Ghostscript wrote ${error.message}`);
        throw error;
      }
      await rename(png, path.join(run.outDir, `${page}.png`));
      await rm(rendered);
      run.onPage(page);
    }
  };
  const onStdoutLine = (line: string): void => {
    const match = /^Page (\d+)$/.exec(line);
    if (!match) {
      if (sincePage.length < 200) sincePage.push(line);
      return;
    }
    const page = Number(match[1]);
    const before = Math.max(0, Math.min(page, last + 1) - first);
    const lines = sincePage;
    announced = page;
    sincePage = [];
    chain = chain.then(async () => {
      if (chainError === undefined) await placeUpTo(before, lines);
    });
    chain = chain.catch((error: unknown) => {
      chainError ??= error;
      stopped.abort();
    });
  };

  try {
    await withPlainPath(run.input, (plain) =>
      runTool({
        tool: 'Ghostscript',
        command: run.gs,
        args: [
          '-dSAFER',
          '-dBATCH',
          '-dNOPAUSE',
          `--permit-file-read=${plain}`,
          '-sDEVICE=ppmraw',
          `-r${run.density}`,
          '-dTextAlphaBits=4',
          '-dGraphicsAlphaBits=4',
          `-dFirstPage=${first}`,
          `-dLastPage=${last}`,
          `-sOutputFile=${outputTemplate(folder)}`,
          plain,
        ],
        signal,
        onStdoutLine,
      }),
    ).catch(async (error: unknown) => {
      await chain;
      if (chainError !== undefined) throw chainError;
      if (error instanceof MediaProcessError && !run.signal.aborted) {
        // Ghostscript may stop on a page before announcing it: the page after the last file it wrote.
        const written = (await readdir(folder)).filter((name) => name.endsWith('.ppm')).length;
        const page = Math.max(announced ?? first, first + placed + written);
        throw pageFailure(page, ghostscriptErrors([...sincePage, ...error.stderrTail.split('\n')]));
      }
      throw error;
    });
    await chain;
    if (chainError !== undefined) throw chainError;
    await placeUpTo(last - first + 1, sincePage);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Renders every page of a PDF to `<outDir>/<n>.png` (24-bit RGB, text and drawings
 * anti-aliased) with Ghostscript under -dSAFER, a range of pages per process and `concurrency`
 * processes at once. Progress counts the pages in place. A page that cannot be rendered or an
 * abort stops every process and removes the pages written; the call rejects only once the
 * processes are gone.
 */
export async function renderPdfPages(options: RenderPdfPagesOptions): Promise<RenderedPdf> {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const { gs } = resolvePdfTools(process.env.PATH);
  const input = path.resolve(options.input);
  const outDir = path.resolve(options.outDir);
  const pageCount = await countPdfPages(input, { gs, signal });
  await mkdir(outDir, { recursive: true });

  const files = Array.from({ length: pageCount }, (_, index) => path.join(outDir, `${index + 1}.png`));
  const runsAtOnce = Math.max(1, Math.min(options.concurrency ?? DEFAULT_PDF_CONCURRENCY, pageCount));
  const pending = pageRanges(pageCount, runsAtOnce);
  const stop = new AbortController();
  const stopAll = AbortSignal.any(signal ? [signal, stop.signal] : [stop.signal]);
  let failure: unknown;
  let done = 0;
  options.onProgress?.({ loaded: 0, total: pageCount });

  const runNext = async (): Promise<void> => {
    for (let range = pending.shift(); range && !stopAll.aborted; range = pending.shift()) {
      try {
        await renderRange({
          gs,
          input,
          outDir,
          density: options.density ?? DEFAULT_PDF_DENSITY,
          maxPagePixels: options.maxPagePixels ?? MAX_PDF_PAGE_PIXELS,
          range,
          signal: stopAll,
          onPage: () => {
            done += 1;
            options.onProgress?.({ loaded: done, total: pageCount });
          },
        });
      } catch (error) {
        failure ??= error;
        stop.abort();
      }
    }
  };
  await Promise.all(Array.from({ length: runsAtOnce }, runNext));

  if (failure !== undefined || signal?.aborted) {
    await Promise.all(files.map((file) => rm(file, { force: true })));
    throw signal?.aborted ? abortError(signal) : failure;
  }
  return { pageCount, files };
}
