import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Media inputs made by code (ffmpeg's test sources, PostScript through Ghostscript), so that
 * the repository holds no binary files and the inputs are real. Uses the system's ffmpeg and gs.
 */

const run = promisify(execFile);

export interface MediaWorkspace {
  dir: string;
  file(name: string): string;
  remove(): Promise<void>;
}

export async function createMediaWorkspace(prefix = 'media-test-'): Promise<MediaWorkspace> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface TestVideoOptions {
  dir: string;
  seconds: number;
  width: number;
  height: number;
  audio: boolean;
  frameRate?: number;
  name?: string;
  /** ffmpeg's display-matrix rotation in degrees (a phone held upright records 90). */
  rotation?: number;
}

/** An H.264 + AAC MP4 of ffmpeg's moving test pattern and a sine tone, as a phone or screen recorder would upload. */
export async function makeTestVideo(options: TestVideoOptions): Promise<string> {
  const file = path.join(options.dir, options.name ?? `source-${options.width}x${options.height}-${options.seconds}s${options.audio ? '' : '-silent'}.mp4`);
  const rate = options.frameRate ?? 30;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${options.width}x${options.height}:rate=${rate}`];
  if (options.audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(options.seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(rate * 2));
  if (options.audio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push('-movflags', '+faststart', file);
  await run('ffmpeg', args);
  if (options.rotation !== undefined) {
    // ffmpeg 5 writes the rotation tag as a display matrix only when copying, not when encoding.
    const upright = `${file}.upright.mp4`;
    await rename(file, upright);
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', upright, '-c', 'copy', '-metadata:s:v:0', `rotate=${options.rotation}`, file]);
    await rm(upright);
  }
  return file;
}

/**
 * VP8 + Opus WebM as a browser's MediaRecorder writes it: a live stream to a pipe, without
 * cues or a duration anywhere (ffprobe says N/A).
 */
export async function makeBrowserRecording(dir: string, seconds = 2): Promise<string> {
  const file = path.join(dir, 'recording.webm');
  const output = await open(file, 'w');
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        'ffmpeg',
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          'testsrc2=size=320x240:rate=30',
          '-f',
          'lavfi',
          '-i',
          'sine=frequency=500:sample_rate=48000',
          '-t',
          String(seconds),
          '-c:v',
          'libvpx',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
          '-b:v',
          '300k',
          '-c:a',
          'libopus',
          '-live',
          '1',
          '-f',
          'webm',
          'pipe:1',
        ],
        { stdio: ['ignore', output.fd, 'inherit'] },
      );
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code} writing the WebM`))));
    });
  } finally {
    await output.close();
  }
  return file;
}

/** The first bytes of a real MP4 (its ftyp box) followed by noise: looks like an MP4 and is not one. */
export async function makeCorruptVideo(dir: string): Promise<string> {
  const real = await makeTestVideo({ dir, seconds: 1, width: 160, height: 120, audio: false, name: 'real-for-corrupt.mp4' });
  const head = (await readFile(real)).subarray(0, 32);
  const file = path.join(dir, 'corrupt.mp4');
  await writeFile(file, Buffer.concat([head, randomBytes(64 * 1024)]));
  await rm(real);
  return file;
}

/**
 * An HLS playlist named like a video. Without the input guard, ffmpeg would read `target`
 * (by default /etc/passwd) as the video's segment and turn it into the "video".
 */
export async function makePlaylistPretendingToBeVideo(dir: string, target = '/etc/passwd'): Promise<string> {
  const file = path.join(dir, 'lecture.mp4');
  await writeFile(file, ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:10', '#EXTINF:10.0,', target, '#EXT-X-ENDLIST', ''].join('\n'));
  return file;
}

/** An ffconcat list named like a video, the other way of pointing ffmpeg at server files. */
export async function makeConcatPretendingToBeVideo(dir: string, target = '/etc/passwd'): Promise<string> {
  const file = path.join(dir, 'concat.mp4');
  await writeFile(file, `ffconcat version 1.0\nfile '${target}'\n`);
  return file;
}

function postScriptString(text: string): string {
  return `(${text.replace(/[\\()]/g, (character) => `\\${character}`)})`;
}

export interface TestPdfOptions {
  dir: string;
  name?: string;
  /** Lines of body text per page besides the page number; 0 for a page with only its number and a drawing. */
  linesPerPage?: number;
  /** Passwords for an encrypted PDF. */
  ownerPassword?: string;
  userPassword?: string;
}

/** A PDF of `pages` A4 pages, each showing "Page <n>" in large type, made by Ghostscript from PostScript. */
export async function makeTestPdf(pages: number, options: TestPdfOptions): Promise<string> {
  const name = options.name ?? `document-${pages}p.pdf`;
  const source = path.join(options.dir, `${name}.ps`);
  const file = path.join(options.dir, name);
  const line = postScriptString('Kerala PSC notes: the Western Ghats run parallel to the coast; revise the rivers, passes and dams of each district.');
  const program = [
    '%!PS',
    '/heading /Helvetica-Bold findfont 48 scalefont def',
    '/body /Times-Roman findfont 11 scalefont def',
    `1 1 ${pages} {`,
    '  /n exch def',
    '  << /PageSize [595 842] >> setpagedevice',
    '  0.93 0.95 1 setrgbcolor 0 772 595 70 rectfill 0 setgray',
    '  heading setfont 56 790 moveto (Page ) show n 10 string cvs show',
    '  body setfont',
    `  0 1 ${(options.linesPerPage ?? 0) - 1} { 740 exch 14 mul sub 56 exch moveto ${line} show } for`,
    '  0.2 0.4 0.8 setrgbcolor 4 setlinewidth newpath 297 120 80 0 360 arc stroke',
    '  showpage',
    '} for',
    '',
  ].join('\n');
  await writeFile(source, program);
  const encryption =
    options.ownerPassword || options.userPassword
      ? [`-sOwnerPassword=${options.ownerPassword ?? options.userPassword}`, ...(options.userPassword ? [`-sUserPassword=${options.userPassword}`] : [])]
      : [];
  await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', ...encryption, `-sOutputFile=${file}`, source]);
  await rm(source);
  return file;
}

/** A PDF header followed by noise. */
export async function makeCorruptPdf(dir: string): Promise<string> {
  const file = path.join(dir, 'corrupt.pdf');
  await writeFile(file, Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(16 * 1024)]));
  return file;
}

/** PNG's signature and its IHDR width and height. */
export async function readPngSize(file: string): Promise<{ signatureOk: boolean; width: number; height: number }> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(24);
    await handle.read(head, 0, 24, 0);
    return {
      signatureOk: head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      width: head.readUInt32BE(16),
      height: head.readUInt32BE(20),
    };
  } finally {
    await handle.close();
  }
}

/** A one-second 320×240 H.264 clip without sound: a quick, real video to upload. */
export function makeTinyClip(prefix: string): Buffer {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), prefix)), 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '1', '-pix_fmt', 'yuv420p', file]);
  return readFileSync(file);
}
