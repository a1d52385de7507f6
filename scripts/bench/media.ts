import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveMediaTools, resolvePdfTools } from '../../worker/media/binaries.ts';
import { DEFAULT_PDF_CONCURRENCY, DEFAULT_PDF_DENSITY, renderPdfPages } from '../../worker/media/pdf-pages.ts';
import { processVideo } from '../../worker/media/process-video.ts';
import { DEFAULT_ENCODER_SETTINGS, type EncoderSettings } from '../../worker/media/transcode.ts';
import { createMediaWorkspace, makeTestPdf, makeTestVideo } from '../../tests/support/media-fixtures.ts';

/**
 * `node scripts/bench/media.ts`: the media library against the issue's targets on this machine.
 *   Video: a generated 60 s 720p clip with sound, through processVideo as the product runs it:
 *   probe, pass 1 (lowest rendition and 360p) and its master playlist (360p playable), the
 *   poster, pass 2 and the full master playlist. Targets: 360p playable within 15 s, the whole
 *   ladder within 30 s.
 *   PDF: generated 60-page PDFs to page images, simple pages and dense text pages. Target: at
 *   least 8 dense text pages per second.
 * Besides wall-clock time it prints the CPU time the tools used, which other work on a shared
 * machine disturbs much less. Generating the inputs is not timed.
 * Options (environment): MEDIA_BENCH_SECONDS (60), MEDIA_BENCH_PDF_PAGES (60),
 * MEDIA_BENCH_ENCODER (JSON, e.g. '{"preset":"superfast"}'), MEDIA_BENCH_PDF_DENSITY,
 * MEDIA_BENCH_PDF_CONCURRENCY, MEDIA_BENCH_ONLY (video or pdf).
 */

export interface MediaBenchmarkOptions {
  videoSeconds?: number;
  pdfPages?: number;
  encoder?: Partial<EncoderSettings>;
  pdfDensity?: number;
  pdfConcurrency?: number;
  only?: 'video' | 'pdf' | undefined;
  log?: (line: string) => void;
}

export interface MediaBenchmarkFigures {
  video?: {
    renditions: string[];
    secondsTo360pPlayable: number;
    secondsToWholeLadder: number;
    cpuSecondsPass1: number;
    cpuSecondsTotal: number;
  };
  pdf?: {
    pages: number;
    simplePagesPerSecond: number;
    textPagesPerSecond: number;
    cpuMillisecondsPerSimplePage: number;
    cpuMillisecondsPerTextPage: number;
    /** CPU of starting Ghostscript and GraphicsMagick once each: a page's floor with pdf2pic. */
    cpuMillisecondsToStartTools: number;
  };
}

const TARGETS = { secondsTo360pPlayable: 15, secondsToWholeLadder: 30, pagesPerSecond: 8 };

/** CPU seconds (user + system) of this process's finished children and their children, from /proc (Linux). */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // cutime and cstime, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds that the host of this virtual machine gave to others (steal) and that other
 * processes used, from /proc/stat; a figure taken while these were high is not this code's.
 */
function machineTicks(): { steal: number; busy: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
    return { steal: steal / 100, busy: (user + nice + system + irq + softirq) / 100 };
  } catch {
    return { steal: Number.NaN, busy: Number.NaN };
  }
}

function disturbance(since: { steal: number; busy: number }, ownCpuSeconds: number): string {
  const now = machineTicks();
  const others = Math.max(0, now.busy - since.busy - ownCpuSeconds);
  return `host steal ${(now.steal - since.steal).toFixed(1)} s, other processes ~${others.toFixed(1)} s CPU`;
}

/**
 * The CPU (ms) of starting `command` with `args` and letting it end, averaged over `runs`: with
 * pdf2pic every page starts a GraphicsMagick and a Ghostscript, so their start-up is a floor
 * under a page's CPU that no setting of the page changes. It tells a slower machine from a
 * slower renderer.
 */
function startUpCpuMilliseconds(command: string, args: string[], runs = 10): number {
  const before = childrenCpuSeconds();
  for (let run = 0; run < runs; run += 1) spawnSync(command, args, { stdio: 'ignore' });
  return ((childrenCpuSeconds() - before) * 1000) / runs;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

function verdict(ok: boolean): string {
  return ok ? 'OK' : 'MISSED';
}

export async function runMediaBenchmark(options: MediaBenchmarkOptions = {}): Promise<MediaBenchmarkFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const videoSeconds = options.videoSeconds ?? 60;
  const pdfPages = options.pdfPages ?? 60;
  const encoder = { ...DEFAULT_ENCODER_SETTINGS, ...options.encoder };
  const density = options.pdfDensity ?? DEFAULT_PDF_DENSITY;
  const concurrency = options.pdfConcurrency ?? DEFAULT_PDF_CONCURRENCY;
  const tools = await resolveMediaTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH, PATH: process.env.PATH });
  const workspace = await createMediaWorkspace('media-bench-');
  const figures: MediaBenchmarkFigures = {};
  log(
    `Media benchmark: ${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(2)} before start, ffmpeg ${tools.ffmpeg} (${tools.ffmpegSource})`,
  );
  try {
    if (options.only !== 'pdf') {
      log(`Generating a ${videoSeconds} s 1280x720 clip with sound (not timed)...`);
      const input = await makeTestVideo({ dir: workspace.dir, seconds: videoSeconds, width: 1280, height: 720, audio: true });
      const outDir = workspace.file('hls');
      log(
        `Encoder: libx264 preset ${encoder.preset}${encoder.x264Params ? ` (${encoder.x264Params})` : ''}, CRF ${encoder.crf} capped by the ladder's rates, ${encoder.segmentSeconds} s segments, ${encoder.scaler} scaling`,
      );

      let secondsTo360pPlayable = Number.NaN;
      let cpuSecondsPass1 = Number.NaN;
      const start = performance.now();
      const cpuStart = childrenCpuSeconds();
      const machineStart = machineTicks();
      const result = await processVideo({
        tools,
        input,
        outDir,
        encoder,
        onPlayable: ({ renditions }) => {
          secondsTo360pPlayable = seconds(start);
          cpuSecondsPass1 = childrenCpuSeconds() - cpuStart;
          log(
            `  pass 1 (${renditions.map((rendition) => rendition.name).join(', ')}) and its master playlist after ${secondsTo360pPlayable.toFixed(1)} s   target < ${TARGETS.secondsTo360pPlayable} s   ${verdict(secondsTo360pPlayable < TARGETS.secondsTo360pPlayable)}   (tools' CPU ${cpuSecondsPass1.toFixed(1)} s)`,
          );
        },
      });
      const secondsToWholeLadder = seconds(start);
      const cpuSecondsTotal = childrenCpuSeconds() - cpuStart;
      const { renditions, probe } = result;
      log(
        `  whole ladder (${renditions.map((rendition) => rendition.name).join(', ')}), master playlist and poster after ${secondsToWholeLadder.toFixed(1)} s   target < ${TARGETS.secondsToWholeLadder} s   ${verdict(secondsToWholeLadder < TARGETS.secondsToWholeLadder)}   (tools' CPU ${cpuSecondsTotal.toFixed(1)} s)`,
      );
      log(`  during the run: ${disturbance(machineStart, cpuSecondsTotal)}`);
      for (const rendition of renditions) {
        log(
          `    ${rendition.name.padEnd(5)} ${`${rendition.width}x${rendition.height}`.padEnd(9)} ${rendition.segmentCount} segments, ${(rendition.totalSizeInBytes / 1e6).toFixed(1)} MB (${Math.round((rendition.totalSizeInBytes * 8) / probe.durationSeconds / 1000)} kb/s with sound; ${rendition.width === 0 ? 'sound alone at' : 'video capped at'} ${rendition.bitrate / 1000} kb/s)`,
        );
      }
      figures.video = {
        renditions: renditions.map((rendition) => rendition.name),
        secondsTo360pPlayable,
        secondsToWholeLadder,
        cpuSecondsPass1,
        cpuSecondsTotal,
      };
    }

    if (options.only !== 'video') {
      log(`Generating ${pdfPages}-page PDFs (not timed)...`);
      const simple = await makeTestPdf(pdfPages, { dir: workspace.dir, name: 'simple.pdf' });
      const text = await makeTestPdf(pdfPages, { dir: workspace.dir, name: 'text.pdf', linesPerPage: 45 });
      log(`PDF pages at ${density} dpi, ${concurrency} at a time (pdf2pic: one GraphicsMagick and one Ghostscript process per page):`);
      const measure = async (input: string, name: string) => {
        const start = performance.now();
        const cpuStart = childrenCpuSeconds();
        const machineStart = machineTicks();
        const { pageCount, files } = await renderPdfPages({ input, outDir: workspace.file(`pages-${name}`), density, concurrency });
        const cpuSeconds = childrenCpuSeconds() - cpuStart;
        const bytes = (await Promise.all(files.map((file) => stat(file)))).reduce((sum, file) => sum + file.size, 0);
        return {
          pagesPerSecond: pageCount / seconds(start),
          cpuMillisecondsPerPage: (cpuSeconds * 1000) / pageCount,
          kilobytesPerPage: bytes / 1000 / pageCount,
          disturbance: disturbance(machineStart, cpuSeconds),
        };
      };
      const simpleFigures = await measure(simple, 'simple');
      log(
        `  generated pages (page number, a heading band, a drawing): ${simpleFigures.pagesPerSecond.toFixed(1)} pages/s   target >= ${TARGETS.pagesPerSecond}   ${verdict(simpleFigures.pagesPerSecond >= TARGETS.pagesPerSecond)}   (${simpleFigures.cpuMillisecondsPerPage.toFixed(0)} ms CPU and ${simpleFigures.kilobytesPerPage.toFixed(0)} KB a page; ${simpleFigures.disturbance})`,
      );
      const textFigures = await measure(text, 'text');
      log(
        `  dense text pages (the same with 45 lines of body text):  ${textFigures.pagesPerSecond.toFixed(1)} pages/s   target >= ${TARGETS.pagesPerSecond}   ${verdict(textFigures.pagesPerSecond >= TARGETS.pagesPerSecond)}   (${textFigures.cpuMillisecondsPerPage.toFixed(0)} ms CPU and ${textFigures.kilobytesPerPage.toFixed(0)} KB a page; ${textFigures.disturbance})`,
      );
      // Other work on the machine takes CPU from the runs; the CPU a page says what free cores would do.
      const freeCores = Math.min(concurrency, os.availableParallelism());
      log(
        `  on ${freeCores} free cores, ${textFigures.cpuMillisecondsPerPage.toFixed(0)} ms CPU a page would make at most ${((freeCores * 1000) / textFigures.cpuMillisecondsPerPage).toFixed(1)} dense text pages/s`,
      );
      const pdfTools = resolvePdfTools(process.env.PATH);
      const ghostscript = startUpCpuMilliseconds(pdfTools.gs, ['-q', '-dSAFER', '-dNODISPLAY', '-dBATCH', '-dNOPAUSE', '-c', 'quit']);
      const graphicsMagick = startUpCpuMilliseconds(pdfTools.gm, ['convert', '-size', '1x1', 'xc:white', 'png:/dev/null']);
      const floor = ghostscript + graphicsMagick;
      log(
        `  this machine starts Ghostscript in ${ghostscript.toFixed(0)} ms CPU and GraphicsMagick in ${graphicsMagick.toFixed(0)} ms: ${floor.toFixed(0)} ms a page before any rendering, at most ${((freeCores * 1000) / floor).toFixed(1)} pages/s on ${freeCores} free cores whatever the page holds`,
      );
      figures.pdf = {
        pages: pdfPages,
        simplePagesPerSecond: simpleFigures.pagesPerSecond,
        textPagesPerSecond: textFigures.pagesPerSecond,
        cpuMillisecondsPerSimplePage: simpleFigures.cpuMillisecondsPerPage,
        cpuMillisecondsPerTextPage: textFigures.cpuMillisecondsPerPage,
        cpuMillisecondsToStartTools: floor,
      };
    }
  } finally {
    await workspace.remove();
  }
  return figures;
}

/** The MEDIA_BENCH_* settings, for `npm run bench -- media` and for running this file alone. */
export function mediaBenchmarkOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MediaBenchmarkOptions {
  const only = env.MEDIA_BENCH_ONLY;
  return {
    videoSeconds: env.MEDIA_BENCH_SECONDS ? Number(env.MEDIA_BENCH_SECONDS) : undefined,
    pdfPages: env.MEDIA_BENCH_PDF_PAGES ? Number(env.MEDIA_BENCH_PDF_PAGES) : undefined,
    encoder: env.MEDIA_BENCH_ENCODER ? (JSON.parse(env.MEDIA_BENCH_ENCODER) as Partial<EncoderSettings>) : undefined,
    pdfDensity: env.MEDIA_BENCH_PDF_DENSITY ? Number(env.MEDIA_BENCH_PDF_DENSITY) : undefined,
    pdfConcurrency: env.MEDIA_BENCH_PDF_CONCURRENCY ? Number(env.MEDIA_BENCH_PDF_CONCURRENCY) : undefined,
    only: only === 'video' || only === 'pdf' ? only : undefined,
  };
}

const invokedDirectly = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) await runMediaBenchmark(mediaBenchmarkOptionsFromEnv());
