import { constants, accessSync, statSync } from 'node:fs';
import path from 'node:path';
import { MediaToolMissingError } from './media.errors.ts';

export interface MediaToolSettings {
  FFMPEG_PATH?: string | undefined;
  FFPROBE_PATH?: string | undefined;
  /** The search path for the system's binaries (normally process.env.PATH). */
  PATH?: string | undefined;
}

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
  /** Where ffmpeg came from, for the start-up log. */
  ffmpegSource: 'ffmpeg-static' | 'FFMPEG_PATH' | 'PATH';
}

/** ffmpeg-static's export: the path of its downloaded binary, or null on an unsupported platform. */
export type FfmpegStaticLoader = () => Promise<string | null | undefined>;

/**
 * ffmpeg-static is an optional dependency: when its install script could not download the
 * binary, the package is either absent or exports a path to a file that does not exist.
 */
export const loadFfmpegStatic: FfmpegStaticLoader = async () => {
  // A variable specifier: the package may be absent, and the type-checker must not insist on it.
  const specifier = 'ffmpeg-static';
  try {
    const module = (await import(specifier)) as { default?: unknown };
    return typeof module.default === 'string' ? module.default : null;
  } catch {
    return null;
  }
};

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findOnPath(name: string, searchPath: string | undefined): string | undefined {
  for (const directory of (searchPath ?? '').split(path.delimiter)) {
    if (!directory) continue;
    const candidate = path.join(directory, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** A setting is a path ("/opt/ffmpeg/bin/ffmpeg", "./bin/ffmpeg") or a bare name looked up on PATH. */
function resolveSetting(value: string, searchPath: string | undefined): string | undefined {
  if (value.includes('/') || value.includes(path.sep)) {
    const file = path.resolve(value);
    return isExecutableFile(file) ? file : undefined;
  }
  return findOnPath(value, searchPath);
}

const cache = new Map<string, MediaTools>();

/**
 * Finds ffmpeg and ffprobe as the design says: ffmpeg from ffmpeg-static when its install
 * succeeded, else FFMPEG_PATH, else the system's; ffprobe from FFPROBE_PATH, else beside
 * that ffmpeg, else the system's. Depends only on its arguments and the file system.
 * A successful answer is cached per settings; a failure is not, so installing ffmpeg
 * fixes the next job without a restart.
 */
export async function resolveMediaTools(settings: MediaToolSettings, options: { ffmpegStatic?: FfmpegStaticLoader | false } = {}): Promise<MediaTools> {
  const useStatic = options.ffmpegStatic !== false;
  const key = JSON.stringify([settings.FFMPEG_PATH, settings.FFPROBE_PATH, settings.PATH, useStatic]);
  const cached = options.ffmpegStatic ? undefined : cache.get(key);
  if (cached) return cached;

  let ffmpeg: string | undefined;
  let ffmpegSource: MediaTools['ffmpegSource'] = 'PATH';
  if (useStatic) {
    const staticPath = await (options.ffmpegStatic || loadFfmpegStatic)();
    if (staticPath && isExecutableFile(staticPath)) {
      ffmpeg = staticPath;
      ffmpegSource = 'ffmpeg-static';
    }
  }
  if (!ffmpeg && settings.FFMPEG_PATH) {
    ffmpeg = resolveSetting(settings.FFMPEG_PATH, settings.PATH);
    if (ffmpeg) ffmpegSource = 'FFMPEG_PATH';
  }
  ffmpeg ??= findOnPath('ffmpeg', settings.PATH);
  if (!ffmpeg) {
    const detail = settings.FFMPEG_PATH ? ` (FFMPEG_PATH is "${settings.FFMPEG_PATH}", which is not an executable file)` : '';
    throw new MediaToolMissingError('ffmpeg', `ffmpeg was not found: install ffmpeg or set FFMPEG_PATH${detail}`);
  }

  let ffprobe = settings.FFPROBE_PATH ? resolveSetting(settings.FFPROBE_PATH, settings.PATH) : undefined;
  if (!ffprobe) {
    const beside = path.join(path.dirname(ffmpeg), path.basename(ffmpeg).replace(/ffmpeg/i, 'ffprobe'));
    if (beside !== ffmpeg && isExecutableFile(beside)) ffprobe = beside;
  }
  ffprobe ??= findOnPath('ffprobe', settings.PATH);
  if (!ffprobe) {
    const detail = settings.FFPROBE_PATH ? ` (FFPROBE_PATH is "${settings.FFPROBE_PATH}", which is not an executable file)` : '';
    throw new MediaToolMissingError('ffprobe', `ffprobe was not found: install ffmpeg (it includes ffprobe) or set FFPROBE_PATH${detail}`);
  }

  const tools: MediaTools = { ffmpeg, ffprobe, ffmpegSource };
  if (!options.ffmpegStatic) cache.set(key, tools);
  return tools;
}

export interface PdfTools {
  /** GraphicsMagick, which pdf2pic runs and which runs Ghostscript through its delegates. */
  gm: string;
  gs: string;
}

/** pdf2pic runs `gm` from PATH, and GraphicsMagick runs `gs` from PATH: both must be there. */
export function resolvePdfTools(searchPath: string | undefined): PdfTools {
  const gm = findOnPath('gm', searchPath);
  if (!gm) throw new MediaToolMissingError('gm', 'GraphicsMagick (gm) was not found on PATH: install graphicsmagick to turn PDFs into page images');
  const gs = findOnPath('gs', searchPath);
  if (!gs) throw new MediaToolMissingError('gs', 'Ghostscript (gs) was not found on PATH: install ghostscript to turn PDFs into page images');
  return { gm, gs };
}

/** For tests. */
export function clearMediaToolsCache(): void {
  cache.clear();
}
