import { mkdir, mkdtemp, open, rename, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fromPath } from 'pdf2pic';
import type { ProgressCallback } from '../../shared/media/media.types.ts';
import { resolvePdfTools } from './binaries.ts';
import { MediaInputError, MediaProcessError, MediaToolMissingError, abortError } from './media.errors.ts';
import { runTool } from './run-tool.ts';

/**
 * 120 dpi makes an A4 page 992 pixels wide, about a phone screen's width. pdf2pic starts one
 * GraphicsMagick and one Ghostscript process per page, and Ghostscript's start-up and font
 * loading dominate a page's cost, so throughput depends on the pages more than on the
 * density. Measured with scripts/bench/media.ts on 2 cores: generated pages (a heading and a
 * drawing) about 10 pages/s at 120 dpi and 8.6 at 150; pages of dense body text 5 to 6 at
 * 120 dpi. One page per core is as fast as three pages on two cores.
 */
export const DEFAULT_PDF_DENSITY = 120;
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
  /** Pages rendered at once; each is one GraphicsMagick and one Ghostscript process. */
  concurrency?: number | undefined;
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

/** pdf2pic reports GraphicsMagick's failure as an Error whose message holds gm's and gs's output. */
function pageError(error: unknown, page: number): unknown {
  const message = error instanceof Error ? error.message : String(error);
  if (/Could not execute GraphicsMagick/i.test(message)) {
    return new MediaToolMissingError('gm', 'GraphicsMagick (gm) could not be started: install graphicsmagick to turn PDFs into page images');
  }
  const reason = ghostscriptMessage(message.replace(/\/tmp\/gm\w+/g, 'a temporary file')) || 'GraphicsMagick failed';
  return new MediaInputError(`Page ${page} of the PDF could not be rendered: ${reason}`);
}

/**
 * Renders every page of a PDF to `<outDir>/<n>.png` with pdf2pic (GraphicsMagick, which runs
 * Ghostscript with -dSAFER through its delegates), a few pages at a time. Aborting stops
 * starting pages and rejects once the pages under way have finished (pdf2pic does not expose
 * its processes; a page takes a fraction of a second). A failure removes the pages written.
 */
export async function renderPdfPages(options: RenderPdfPagesOptions): Promise<RenderedPdf> {
  const { signal } = options;
  if (signal?.aborted) throw abortError(signal);
  const tools = resolvePdfTools(process.env.PATH);
  const input = path.resolve(options.input);
  const outDir = path.resolve(options.outDir);
  const pageCount = await countPdfPages(input, { gs: tools.gs, signal });
  await mkdir(outDir, { recursive: true });

  const convert = fromPath(input, {
    density: options.density ?? DEFAULT_PDF_DENSITY,
    format: 'png',
    savePath: outDir,
    saveFilename: 'page',
    // No width or height: pdf2pic then leaves out -resize and the page keeps its own shape at this density.
    width: undefined,
    height: undefined,
    preserveAspectRatio: true,
    // PNG's "quality" is zlib level 7 with adaptive filtering, GraphicsMagick's default.
    quality: 75,
    compression: 'Zip',
  });

  const files = Array.from({ length: pageCount }, (_, index) => path.join(outDir, `${index + 1}.png`));
  let next = 1;
  let done = 0;
  let failure: unknown;
  options.onProgress?.({ loaded: 0, total: pageCount });

  const renderNext = async (): Promise<void> => {
    while (next <= pageCount && failure === undefined && !signal?.aborted) {
      const page = next++;
      try {
        const result = await convert(page, { responseType: 'image' });
        const written = result.path ? path.resolve(result.path) : path.join(outDir, `page.${page}.png`);
        if (
          !(await stat(written).then(
            (file) => file.size > 0,
            () => false,
          ))
        )
          throw new Error('GraphicsMagick wrote no image');
        await rename(written, files[page - 1]!);
      } catch (error) {
        failure ??= pageError(error, page);
        return;
      }
      done += 1;
      options.onProgress?.({ loaded: done, total: pageCount });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? DEFAULT_PDF_CONCURRENCY, pageCount));
  await Promise.all(Array.from({ length: workers }, renderNext));

  if (failure !== undefined || signal?.aborted) {
    await Promise.all(
      Array.from({ length: pageCount }, (_, index) => [files[index]!, path.join(outDir, `page.${index + 1}.png`)])
        .flat()
        .map((file) => rm(file, { force: true })),
    );
    throw failure ?? abortError(signal!);
  }
  return { pageCount, files };
}
