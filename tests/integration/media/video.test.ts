import { execFile, spawnSync } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools, type MediaTools } from '../../../worker/media/binaries.ts';
import { MediaInputError, MediaToolMissingError } from '../../../worker/media/media.errors.ts';
import type { ProbeResult, Rendition } from '../../../shared/media/media.types.ts';
import { probeVideo } from '../../../worker/media/probe.ts';
import { processVideo, type ProcessedVideo } from '../../../worker/media/process-video.ts';
import { extractPoster, transcodePass } from '../../../worker/media/transcode.ts';
import { parseMediaPlaylist } from '../../../worker/media/hls-playlist.ts';
import { isAudioOnlyVariant, parseMasterPlaylist } from '../../../shared/media/master-playlist.rules.ts';
import { chooseLadder } from '../../../shared/media/ladder.rules.ts';
import {
  createMediaWorkspace,
  makeBrowserRecording,
  makeConcatPretendingToBeVideo,
  makeCorruptVideo,
  makePlaylistPretendingToBeVideo,
  makeTestVideo,
  type MediaWorkspace,
} from '../../support/media-fixtures.ts';

const run = promisify(execFile);

let workspace: MediaWorkspace;
let tools: MediaTools;
let clip720: string;

beforeAll(async () => {
  workspace = await createMediaWorkspace('media-video-');
  tools = await resolveMediaTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH, PATH: process.env.PATH });
  clip720 = await makeTestVideo({ dir: workspace.dir, seconds: 6, width: 1280, height: 720, audio: true });
});

afterAll(async () => {
  await workspace?.remove();
});

/** What ffprobe sees in a produced file (a rendition's playlist, a poster). */
async function streamsOf(file: string): Promise<{ codec_type: string; codec_name: string; width?: number; height?: number; sample_rate?: string }[]> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height,sample_rate', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: never[] }).streams;
}

/** Decodes a whole rendition; ffmpeg prints nothing at -v error when every frame decodes. */
async function decodeErrors(playlist: string): Promise<string> {
  const { stderr } = await run(tools.ffmpeg, ['-v', 'error', '-i', playlist, '-f', 'null', '-']);
  return stderr.trim();
}

/** ffmpeg processes whose parent is this test process, from /proc (Linux). */
async function ffmpegChildren(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    const match = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    if (match?.[1] === 'ffmpeg' && Number(match[2]) === process.pid) pids.push(Number(entry));
  }
  return pids;
}

async function processAll(input: string, outDir: string) {
  return processVideo({ tools, input, outDir });
}

describe('probeVideo', () => {
  it('reads container, size, duration and audio', async () => {
    const probe = await probeVideo(clip720, { ffprobe: tools.ffprobe });
    expect(probe).toMatchObject({ width: 1280, height: 720, hasAudio: true, audioSampleRate: 48_000, videoCodec: 'h264', frameRate: 30 });
    expect(probe.formatName).toContain('mp4');
    expect(probe.durationSeconds).toBeCloseTo(6, 0);
  });

  it('gives the upright size of a video recorded with the phone turned', async () => {
    const turned = await makeTestVideo({ dir: workspace.dir, seconds: 1, width: 640, height: 360, audio: false, rotation: 90, name: 'turned.mp4' });
    expect(await probeVideo(turned, { ffprobe: tools.ffprobe })).toMatchObject({ width: 360, height: 640 });
  });

  it('refuses a corrupt file with a clear message', async () => {
    const corrupt = await makeCorruptVideo(workspace.dir);
    const error = await probeVideo(corrupt, { ffprobe: tools.ffprobe }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaInputError);
    expect((error as Error).message).toMatch(/^The file is not a readable video: .+/);
    expect((error as Error).message).not.toContain(workspace.dir);
  });

  it('refuses a playlist named .mp4 before it opens the files the playlist names', async () => {
    const playlist = await makePlaylistPretendingToBeVideo(workspace.dir);
    await expect(probeVideo(playlist, { ffprobe: tools.ffprobe })).rejects.toThrow(
      new MediaInputError(
        'The file is not a supported video: it is an HLS playlist (m3u8), which points at other files, not a video. Upload an MP4, MOV, 3GP, MKV, WebM, AVI, MPEG-TS, FLV, MPEG or WMV file.',
      ),
    );
    // The segment is a FIFO without a writer: opening it would block ffprobe for ever, so returning at all proves it was never opened.
    const fifo = path.join(workspace.dir, 'secret.ts');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const pointingAtFifo = await makePlaylistPretendingToBeVideo(workspace.dir, fifo);
    await expect(probeVideo(pointingAtFifo, { ffprobe: tools.ffprobe })).rejects.toThrow(/HLS playlist/);
    const concat = await makeConcatPretendingToBeVideo(workspace.dir, fifo);
    await expect(probeVideo(concat, { ffprobe: tools.ffprobe })).rejects.toThrow(/an ffmpeg concat list, which points at other files/);
  });

  it('reads the length of a WebM recorded in a browser, which carries none', async () => {
    const recording = await makeBrowserRecording(workspace.dir, 2);
    const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', recording]);
    expect(stdout.trim()).toBe('N/A');
    const probe = await probeVideo(recording, { ffprobe: tools.ffprobe });
    expect(probe).toMatchObject({ width: 320, height: 240, hasAudio: true, audioSampleRate: 48_000, videoCodec: 'vp8' });
    expect(probe.formatName).toContain('webm');
    expect(probe.durationSeconds).toBeGreaterThan(1.8);
    expect(probe.durationSeconds).toBeLessThan(2.2);
  });

  it('refuses a file with sound but no picture', async () => {
    const audioOnly = workspace.file('speech.m4a');
    await run(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:sample_rate=48000', '-t', '1', '-c:a', 'aac', audioOnly]);
    await expect(probeVideo(audioOnly, { ffprobe: tools.ffprobe })).rejects.toThrow(/no video picture/);
  });
});

describe('processVideo', () => {
  let outDir: string;
  let result: ProcessedVideo;
  const progress: { pass: 1 | 2; loaded: number; total: number }[] = [];
  let atPlayable: { names: string[]; master: string; secondPassDone: boolean } | undefined;

  beforeAll(async () => {
    outDir = workspace.file('hls-720');
    result = await processVideo({
      tools,
      input: clip720,
      outDir,
      onProgress: (pass, update) => progress.push({ pass, ...update }),
      onPlayable: async ({ renditions, masterPlaylist }) => {
        atPlayable = {
          names: renditions.map((rendition) => rendition.name),
          master: await readFile(path.join(outDir, masterPlaylist), 'utf8'),
          secondPassDone: progress.some((update) => update.pass === 2 && update.loaded === update.total),
        };
      },
    });
  }, 120_000);

  it('turns a 720p clip into 144p, 240p, 360p, the sound alone, 480p and 720p', () => {
    expect(result.renditions.map((rendition) => `${rendition.name} ${rendition.width}x${rendition.height}`)).toEqual([
      '144p 256x144',
      '240p 426x240',
      '360p 640x360',
      'audio 0x0',
      '480p 854x480',
      '720p 1280x720',
    ]);
    expect(result.renditions.find((rendition) => rendition.name === 'audio')?.bitrate).toBe(64_000);
    for (const rendition of result.renditions) {
      expect(rendition).toMatchObject({ audioRate: 48_000, playlist: `${rendition.name}/index.m3u8` });
      expect(rendition.bitrate).toBeGreaterThan(0);
    }
    expect(result).toMatchObject({ masterPlaylist: 'master.m3u8', poster: 'poster.jpg', durationInMinutes: 1 });
  });

  it('makes 144p, 240p, 360p and the sound playable first, with a master playlist listing only them', () => {
    expect(atPlayable?.names).toEqual(['144p', '240p', '360p', 'audio']);
    expect(atPlayable?.master.match(/^\w+\/index\.m3u8$/gm)).toEqual(['144p/index.m3u8', '240p/index.m3u8', '360p/index.m3u8', 'audio/index.m3u8']);
    expect(atPlayable?.secondPassDone).toBe(false);
  });

  it('writes playlists that decode, at the sizes the renditions record, with AAC sound, and one with sound alone', async () => {
    for (const rendition of result.renditions) {
      const playlist = path.join(outDir, rendition.playlist);
      const streams = await streamsOf(playlist);
      if (rendition.name === 'audio') expect(streams.map((stream) => stream.codec_type)).toEqual(['audio']);
      else
        expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: rendition.width, height: rendition.height });
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', sample_rate: '48000' });
      expect(await decodeErrors(playlist)).toBe('');
    }
  });

  it('records segment counts and sizes that match the files, with segments cut at the same instants in every rendition', async () => {
    const durations = new Set<string>();
    for (const rendition of result.renditions) {
      const folder = path.join(outDir, rendition.name);
      const playlist = parseMediaPlaylist(await readFile(path.join(folder, 'index.m3u8'), 'utf8'));
      expect(rendition.segmentCount).toBeGreaterThan(0);
      expect(rendition.segmentCount).toBe(playlist.segments.length);
      const files = (await readdir(folder)).filter((name) => name.endsWith('.ts'));
      expect(files).toHaveLength(rendition.segmentCount);
      const sizes = await Promise.all(files.map(async (name) => (await stat(path.join(folder, name))).size));
      expect(rendition.totalSizeInBytes).toBe(sizes.reduce((sum, size) => sum + size, 0));
      expect(playlist.type).toBe('vod');
      expect(playlist.ended).toBe(true);
      // The sound alone is cut on AAC frames, a few milliseconds off the pictures' key frames.
      if (rendition.name !== 'audio') durations.add(playlist.segments.map((segment) => segment.durationSeconds.toFixed(2)).join(','));
      else expect(playlist.segments.map((segment) => Math.round(segment.durationSeconds))).toEqual([4, 2]);
    }
    expect(durations.size).toBe(1);
  });

  it('lists every rendition in the master playlist, pictures lowest first, then the sound alone', async () => {
    const master = await readFile(path.join(outDir, result.masterPlaylist), 'utf8');
    expect(master.startsWith('#EXTM3U\n')).toBe(true);
    const entries = [
      ...master.matchAll(
        /#EXT-X-STREAM-INF:BANDWIDTH=(\d+),AVERAGE-BANDWIDTH=(\d+),RESOLUTION=(\d+x\d+),FRAME-RATE=30\.000,CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"\n(\S+)/g,
      ),
    ];
    expect(entries.map((entry) => `${entry[3]} ${entry[4]}`)).toEqual([
      '256x144 144p/index.m3u8',
      '426x240 240p/index.m3u8',
      '640x360 360p/index.m3u8',
      '854x480 480p/index.m3u8',
      '1280x720 720p/index.m3u8',
    ]);
    for (const entry of entries) expect(Number(entry[1])).toBeGreaterThanOrEqual(Number(entry[2]));
    expect(master.trimEnd().split('\n').slice(-2)).toEqual([
      expect.stringMatching(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,CODECS="mp4a\.40\.2"$/),
      'audio/index.m3u8',
    ]);
    expect(await decodeErrors(path.join(outDir, result.masterPlaylist))).toBe('');
  });

  it('gives each variant of the master playlist the RESOLUTION and CODECS ffprobe finds in its files, and a BANDWIDTH above their average rate', async () => {
    const master = parseMasterPlaylist(await readFile(path.join(outDir, result.masterPlaylist), 'utf8'));
    expect(master.variants).toHaveLength(6);
    for (const variant of master.variants) {
      const playlist = path.join(outDir, variant.uri);
      const streams = await streamsOf(playlist);
      const video = streams.find((stream) => stream.codec_type === 'video');
      if (isAudioOnlyVariant(variant)) {
        expect(variant.uri).toBe('audio/index.m3u8');
        expect(variant.codecs).toEqual(['mp4a.40.2']);
        expect(video).toBeUndefined();
      } else {
        expect(variant.resolution).toEqual({ width: video!.width, height: video!.height });
        expect(video!.codec_name).toBe('h264');
        expect(variant.codecs).toEqual([expect.stringMatching(/^avc1\.64/), 'mp4a.40.2']);
      }
      expect(streams.find((stream) => stream.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
      const folder = path.dirname(playlist);
      const { segments } = parseMediaPlaylist(await readFile(playlist, 'utf8'));
      const bytes = (await Promise.all(segments.map(async (segment) => (await stat(path.join(folder, segment.uri))).size))).reduce(
        (sum, size) => sum + size,
        0,
      );
      const seconds = segments.reduce((sum, segment) => sum + segment.durationSeconds, 0);
      expect(variant.bandwidth).toBeGreaterThanOrEqual(Math.floor((bytes * 8) / seconds));
    }
  });

  it('reports progress of each pass that only grows and ends at the total, in milliseconds of video', () => {
    for (const pass of [1, 2] as const) {
      const updates = progress.filter((update) => update.pass === pass);
      expect(updates.length).toBeGreaterThan(2);
      expect(updates[0]).toMatchObject({ loaded: 0 });
      expect(updates.at(-1)!.loaded).toBe(updates.at(-1)!.total);
      expect(updates[0]!.total).toBeCloseTo(6000, -2);
      for (let index = 1; index < updates.length; index++) {
        expect(updates[index]!.total).toBe(updates[0]!.total);
        expect(updates[index]!.loaded).toBeGreaterThan(updates[index - 1]!.loaded);
      }
    }
  });

  it('takes a real JPEG poster at the largest size up to 720p', async () => {
    const bytes = await readFile(path.join(outDir, result.poster));
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(await streamsOf(path.join(outDir, result.poster))).toEqual([expect.objectContaining({ codec_name: 'mjpeg', width: 1280, height: 720 })]);
  });
  it('falls back to the first frame when asked for a time past the end', async () => {
    const poster = await extractPoster({
      ffmpeg: tools.ffmpeg,
      input: clip720,
      outFile: workspace.file('late-poster.jpg'),
      atSeconds: 60,
      size: { width: 320, height: 180 },
    });
    expect(await streamsOf(poster)).toEqual([expect.objectContaining({ codec_name: 'mjpeg', width: 320, height: 180 })]);
  });
});

describe('small, silent and turned sources', () => {
  it('gives a 200-line source 144p and a rendition at its own size', async () => {
    const input = await makeTestVideo({ dir: workspace.dir, seconds: 2, width: 356, height: 200, audio: true });
    const { renditions, masterPlaylist } = await processAll(input, workspace.file('hls-200'));
    const master = path.join(workspace.file('hls-200'), masterPlaylist);
    expect(renditions.map((rendition) => `${rendition.name} ${rendition.width}x${rendition.height}`)).toEqual(['144p 256x144', '200p 356x200', 'audio 0x0']);
    const streams = await streamsOf(path.join(workspace.file('hls-200'), renditions[1]!.playlist));
    expect(streams.find((stream) => stream.codec_type === 'video')).toMatchObject({ width: 356, height: 200 });
    expect((await readFile(master, 'utf8')).match(/#EXT-X-STREAM-INF/g)).toHaveLength(3);
  });

  it('encodes a source without sound, recording audioRate 0 and a video-only codec', async () => {
    const input = await makeTestVideo({ dir: workspace.dir, seconds: 2, width: 640, height: 360, audio: false });
    const outDir = workspace.file('hls-silent');
    const { renditions, masterPlaylist } = await processAll(input, outDir);
    const master = path.join(outDir, masterPlaylist);
    expect(renditions.map((rendition: Rendition) => [rendition.name, rendition.audioRate])).toEqual([
      ['144p', 0],
      ['240p', 0],
      ['360p', 0],
    ]);
    for (const rendition of renditions) {
      expect((await streamsOf(path.join(outDir, rendition.playlist))).map((stream) => stream.codec_type)).toEqual(['video']);
    }
    expect(await readFile(master, 'utf8')).toMatch(/CODECS="avc1\.64[0-9a-f]{4}"\n/);
  });

  it('keeps a turned phone video upright', async () => {
    const input = await makeTestVideo({ dir: workspace.dir, seconds: 1, width: 640, height: 360, audio: false, rotation: 90, name: 'turned-for-hls.mp4' });
    const outDir = workspace.file('hls-turned');
    const { renditions } = await processAll(input, outDir);
    expect(renditions.map((rendition) => `${rendition.name} ${rendition.width}x${rendition.height}`)).toEqual(['144p 144x256', '240p 240x426', '360p 360x640']);
    const streams = await streamsOf(path.join(outDir, '360p/index.m3u8'));
    expect(streams[0]).toMatchObject({ width: 360, height: 640 });
  });
});

describe('failures', () => {
  it('kills ffmpeg when aborted, leaving no process and no half-written rendition', async () => {
    const probe: ProbeResult = await probeVideo(clip720, { ffprobe: tools.ffprobe });
    const controller = new AbortController();
    let pid: number | undefined;
    const outDir = workspace.file('hls-aborted');
    const pass = transcodePass({
      ffmpeg: tools.ffmpeg,
      input: clip720,
      outDir,
      renditions: chooseLadder(probe),
      probe,
      signal: controller.signal,
      onStart: (started) => (pid = started),
      onProgress: ({ loaded }) => loaded > 0 && controller.abort(),
    });
    await expect(pass).rejects.toMatchObject({ name: 'AbortError' });
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
    expect(await ffmpegChildren()).toEqual([]);
    expect(await readdir(outDir)).toEqual([]);
  });

  it('stops both passes of processVideo when aborted', async () => {
    const controller = new AbortController();
    const seen = new Set<number>();
    const processing = processVideo({
      tools,
      input: clip720,
      outDir: workspace.file('hls-process-aborted'),
      signal: controller.signal,
      onProgress: (_pass, { loaded }) => {
        if (loaded > 0) void ffmpegChildren().then((pids) => (pids.forEach((pid) => seen.add(pid)), pids.length === 2 && controller.abort()));
      },
    });
    await expect(processing).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen.size).toBe(2);
    expect(await ffmpegChildren()).toEqual([]);
  });

  it('refuses the playlist even when it reaches ffmpeg without a probe', async () => {
    const playlist = await makePlaylistPretendingToBeVideo(workspace.dir);
    const probe: ProbeResult = { formatName: 'mov', durationSeconds: 10, width: 640, height: 360, hasAudio: false, audioSampleRate: null, videoCodec: 'h264' };
    await expect(
      transcodePass({ ffmpeg: tools.ffmpeg, input: playlist, outDir: workspace.file('hls-playlist'), renditions: chooseLadder(probe), probe }),
    ).rejects.toThrow(/it is an HLS playlist/);
    await expect(extractPoster({ ffmpeg: tools.ffmpeg, input: playlist, outFile: workspace.file('playlist-poster.jpg'), atSeconds: 0 })).rejects.toBeInstanceOf(
      MediaInputError,
    );
  });

  it('answers a missing ffmpeg binary with MediaToolMissingError, not a crash', async () => {
    const probe: ProbeResult = { formatName: 'mov', durationSeconds: 6, width: 640, height: 360, hasAudio: false, audioSampleRate: null, videoCodec: 'h264' };
    await expect(
      transcodePass({ ffmpeg: '/nowhere/ffmpeg', input: clip720, outDir: workspace.file('hls-missing'), renditions: chooseLadder(probe), probe }),
    ).rejects.toBeInstanceOf(MediaToolMissingError);
    await expect(probeVideo(clip720, { ffprobe: '/nowhere/ffprobe' })).rejects.toBeInstanceOf(MediaToolMissingError);
  });
});
