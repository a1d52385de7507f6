import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';

const run = promisify(execFile);

/**
 * Media fixtures made by the tests themselves (ffmpeg's test sources, a PDF from
 * Ghostscript), in a temporary directory of this worker process, removed when it exits.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'psc-e2e-media-'));
process.once('exit', () => rmSync(dir, { recursive: true, force: true }));

const QUEUE_BASE = '/api/admin/assets/process/video';

/** A PostScript program of three coloured pages, each saying its number. */
const NOTES_POSTSCRIPT = `%!PS
/Helvetica-Bold findfont 40 scalefont setfont
1 1 3 { /n exch def
  0.9 0.95 1 setrgbcolor 0 0 612 792 rectfill
  0 0 0.4 setrgbcolor 72 680 moveto (Fundamental Rights) show
  72 600 moveto (Page ) show n 3 string cvs show
  showpage } for
`;

async function ffmpegTestClip(file: string, size: string, seconds: number): Promise<void> {
  await run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-c:a',
    'aac',
    file,
  ]);
}

const makers = {
  /** A 4-second 640×360 clip: two renditions (240p, 360p), processed in a second or two. */
  'clip.mp4': (file: string) => ffmpegTestClip(file, '640x360', 4),
  /** Another, shorter clip, to replace a video with. */
  'short-clip.mp4': (file: string) => ffmpegTestClip(file, '640x360', 2),
  /** A longer 720p clip, so that the queue screen can watch it being worked on for several seconds. */
  'lecture-720p.mp4': (file: string) => ffmpegTestClip(file, '1280x720', 8),
  /** The start of an MP4 without the rest: it passes the upload check but cannot be processed. */
  'broken.mp4': async (file: string) => {
    const whole = await fixture('clip.mp4');
    writeFileSync(file, readFileSync(whole).subarray(0, 48 * 1024));
  },
  'notes.pdf': async (file: string) => {
    const program = path.join(dir, 'notes.ps');
    writeFileSync(program, NOTES_POSTSCRIPT);
    await run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-sOutputFile=${file}`, program]);
  },
  'reading-list.txt': (file: string) => {
    writeFileSync(file, 'Chapter 3: Fundamental Rights\nChapter 4: Directive Principles\n');
    return Promise.resolve();
  },
} as const;

export type FixtureName = keyof typeof makers;
const made = new Map<FixtureName, Promise<string>>();

/** The path of a fixture, made on first use. */
export function fixture(name: FixtureName): Promise<string> {
  let file = made.get(name);
  if (!file) {
    const target = path.join(dir, name);
    file = makers[name](target).then(() => target);
    made.set(name, file);
  }
  return file;
}

const MIME: Record<string, string> = { mp4: 'video/mp4', pdf: 'application/pdf', txt: 'text/plain' };

export interface UploadedAsset {
  _id: string;
  sizeInBytes: number;
  fileName: string;
}

/** Uploads a fixture through the REST API with the page's session, as a console file widget would. */
export async function uploadAsset(page: Page, name: FixtureName, kind: 'video' | 'pdf'): Promise<UploadedAsset> {
  const file = await fixture(name);
  const response = await page.request.post(`/api/assets/private?kind=${kind}`, {
    multipart: { file_0: { name, mimeType: MIME[name.split('.').pop()!] ?? 'application/octet-stream', buffer: readFileSync(file) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [asset] = (await response.json()) as UploadedAsset[];
  return asset!;
}

export async function createLecture(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/admin/lecture', { data: { title } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

export async function saveLecture(page: Page, id: string, value: Record<string, unknown>): Promise<void> {
  const response = await page.request.put(`/api/admin/lecture/${id}`, { data: { value } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Starts or stops the processing queue through the REST API. */
export async function setQueueRunning(page: Page, running: boolean): Promise<void> {
  const response = await page.request.post(`${QUEUE_BASE}/trigger/${running ? 'start' : 'end'}`);
  expect(response.status(), await response.text()).toBe(200);
}

/** Puts an uploaded file into the queue (POST .../process/video/{id}). */
export async function queueFile(page: Page, fileId: string): Promise<void> {
  const response = await page.request.post(`${QUEUE_BASE}/${fileId}`);
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Slows the page's uploads down (Chromium's network emulation), so that the upload
 * progress can be seen; `null` lifts the limit.
 */
export async function limitUploadSpeed(page: Page, bytesPerSecond: number | null): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
}

/**
 * Records every text the page's "Processing status" elements show from now on (a
 * MutationObserver in the page), so that a test can tell which states went by even
 * when they pass quickly.
 */
export async function recordProcessingStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    const note = () => {
      for (const element of document.querySelectorAll('[aria-label="Processing status"]')) {
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __statuses: string[] }).__statuses]);
}

/** Where screenshots go when E2E_SCREENSHOTS_DIR is set (for looking at the screens); otherwise nothing. */
export async function snap(page: Page, name: string): Promise<void> {
  const target = process.env.E2E_SCREENSHOTS_DIR;
  if (!target) return;
  await page.screenshot({ path: path.join(target, `${name}.png`), fullPage: true, animations: 'disabled' });
}
