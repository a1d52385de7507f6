import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearMediaToolsCache, loadFfmpegStatic, resolveMediaTools, resolvePdfTools } from '../../../worker/media/binaries.ts';
import { MediaToolMissingError } from '../../../worker/media/media.errors.ts';
import { createMediaWorkspace, type MediaWorkspace } from '../../support/media-fixtures.ts';

let workspace: MediaWorkspace;

/** A folder of fake tools: executable files that are never run, only found. */
async function toolFolder(name: string, tools: string[], executable = true): Promise<string> {
  const folder = workspace.file(name);
  await mkdir(folder, { recursive: true });
  for (const tool of tools) {
    const file = path.join(folder, tool);
    await writeFile(file, '#!/bin/sh\nexit 0\n');
    await chmod(file, executable ? 0o755 : 0o644);
  }
  return folder;
}

beforeAll(async () => {
  workspace = await createMediaWorkspace('media-binaries-');
});
afterAll(async () => {
  await workspace?.remove();
});
beforeEach(() => clearMediaToolsCache());

describe('resolveMediaTools', () => {
  it('explains a missing ffmpeg, naming the setting to use', async () => {
    const error = await resolveMediaTools({ FFMPEG_PATH: '/nowhere/ffmpeg', PATH: '' }, { ffmpegStatic: false }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaToolMissingError);
    expect((error as Error).message).toBe(
      'ffmpeg was not found: install ffmpeg or set FFMPEG_PATH (FFMPEG_PATH is "/nowhere/ffmpeg", which is not an executable file)',
    );
    await expect(resolveMediaTools({ PATH: '' }, { ffmpegStatic: false })).rejects.toThrow(/^ffmpeg was not found: install ffmpeg or set FFMPEG_PATH$/);
  });

  it('takes ffmpeg-static first when its binary is there, and ffprobe from PATH', async () => {
    const staticFolder = await toolFolder('static', ['ffmpeg']);
    const system = await toolFolder('system', ['ffmpeg', 'ffprobe']);
    const tools = await resolveMediaTools(
      { FFMPEG_PATH: path.join(system, 'ffmpeg'), PATH: system },
      { ffmpegStatic: async () => path.join(staticFolder, 'ffmpeg') },
    );
    expect(tools).toEqual({ ffmpeg: path.join(staticFolder, 'ffmpeg'), ffprobe: path.join(system, 'ffprobe'), ffmpegSource: 'ffmpeg-static' });
  });

  it('skips ffmpeg-static when its download failed (a path to nothing, or null) and uses FFMPEG_PATH with the ffprobe beside it', async () => {
    const custom = await toolFolder('custom', ['ffmpeg', 'ffprobe']);
    const system = await toolFolder('system-2', ['ffmpeg', 'ffprobe']);
    for (const missing of [async () => workspace.file('static-missing/ffmpeg'), async () => null]) {
      const tools = await resolveMediaTools({ FFMPEG_PATH: path.join(custom, 'ffmpeg'), PATH: system }, { ffmpegStatic: missing });
      expect(tools).toEqual({ ffmpeg: path.join(custom, 'ffmpeg'), ffprobe: path.join(custom, 'ffprobe'), ffmpegSource: 'FFMPEG_PATH' });
    }
  });

  it('falls back to PATH, skipping files that are not executable, and honours FFPROBE_PATH', async () => {
    const notExecutable = await toolFolder('not-executable', ['ffmpeg', 'ffprobe'], false);
    const system = await toolFolder('system-3', ['ffmpeg', 'ffprobe']);
    const probeFolder = await toolFolder('probe-only', ['ffprobe']);
    const tools = await resolveMediaTools(
      { FFMPEG_PATH: path.join(notExecutable, 'ffmpeg'), FFPROBE_PATH: path.join(probeFolder, 'ffprobe'), PATH: [notExecutable, system].join(path.delimiter) },
      { ffmpegStatic: false },
    );
    expect(tools).toEqual({ ffmpeg: path.join(system, 'ffmpeg'), ffprobe: path.join(probeFolder, 'ffprobe'), ffmpegSource: 'PATH' });
  });

  it('explains a missing ffprobe', async () => {
    const onlyFfmpeg = await toolFolder('only-ffmpeg', ['ffmpeg']);
    await expect(resolveMediaTools({ PATH: onlyFfmpeg }, { ffmpegStatic: false })).rejects.toThrow(
      'ffprobe was not found: install ffmpeg (it includes ffprobe) or set FFPROBE_PATH',
    );
  });

  it('answers the same tools from its cache while the settings stay the same', async () => {
    const system = await toolFolder('system-4', ['ffmpeg', 'ffprobe']);
    const first = await resolveMediaTools({ PATH: system }, { ffmpegStatic: false });
    expect(await resolveMediaTools({ PATH: system }, { ffmpegStatic: false })).toBe(first);
    expect(await resolveMediaTools({ PATH: `${system}${path.delimiter}` }, { ffmpegStatic: false })).not.toBe(first);
  });

  it("imports ffmpeg-static's path, or null when the package is absent", async () => {
    const found = await loadFfmpegStatic();
    expect(found === null || typeof found === 'string').toBe(true);
  });
});

describe('resolvePdfTools', () => {
  it('needs GraphicsMagick and Ghostscript on PATH', async () => {
    const onlyGs = await toolFolder('only-gs', ['gs']);
    expect(() => resolvePdfTools(onlyGs)).toThrow(/GraphicsMagick \(gm\) was not found on PATH: install graphicsmagick/);
    const onlyGm = await toolFolder('only-gm', ['gm']);
    expect(() => resolvePdfTools(onlyGm)).toThrow(/Ghostscript \(gs\) was not found on PATH: install ghostscript/);
  });
});
