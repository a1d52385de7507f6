import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isAudioOnly, type PlannedRendition } from '../../shared/media/ladder.rules.ts';
import type { Rendition } from '../../shared/media/media.types.ts';
import type { Storage } from '../../server/assets/storage/storage.ts';
import { buildMediaPlaylist, parseMediaPlaylist, type MediaPlaylist, type PlaylistSegment } from './hls-playlist.ts';
import { MASTER_PLAYLIST_NAME, PLAYLIST_NAME, writeMasterPlaylist } from './transcode.ts';
import { uploadFiles } from './workspace.ts';

/**
 * How often the growing playlists are read. A segment is stored at most this long after ffmpeg
 * finishes it; each look that finds new segments costs one put per segment and one for the
 * rendition's playlist, so the playlist is rewritten at most this often, however fast the encode.
 */
export const GROWING_POLL_MS = 100;

export interface GrowingRenditionsOptions {
  storage: Storage;
  /** Where ffmpeg writes `<name>/index.m3u8` and its segments. */
  hlsDir: string;
  /** A local folder for the playlists as stored (listing only stored segments). */
  stageDir: string;
  /** The storage prefix of the HLS files, ending in "/". */
  prefix: string;
  renditions: readonly PlannedRendition[];
  audioRate: number;
  frameRate?: number | undefined;
  signal: AbortSignal;
  /** The video's key: every segment and rendition playlist is stored encrypted under it. */
  videoKey: Uint8Array;
  /**
   * Every rendition has a stored segment, and a master playlist listing them is stored: the
   * video can be played. Called once, with the renditions as far as stored.
   */
  onFirstSegments: (renditions: Rendition[]) => Promise<void>;
  pollMs?: number | undefined;
}

export interface GrowingRenditions {
  /** Stores what ffmpeg has finished, stops, and answers the storage keys (relative to hlsDir) stored. */
  finish(): Promise<Set<string>>;
  /** Stops without storing more (the run failed or was aborted). */
  stop(): Promise<void>;
}

interface Published {
  rendition: PlannedRendition;
  segments: PlaylistSegment[];
  targetDurationSeconds: number;
  bytes: number;
}

function asRendition(entry: Published, audioRate: number): Rendition {
  const { rendition } = entry;
  return {
    name: rendition.name,
    width: rendition.width,
    height: rendition.height,
    bitrate: isAudioOnly(rendition) ? rendition.audioBitrate : rendition.videoBitrate,
    audioRate,
    segmentCount: entry.segments.length,
    totalSizeInBytes: entry.bytes,
    playlist: `${rendition.name}/${PLAYLIST_NAME}`,
  };
}

async function readPlaylist(file: string): Promise<MediaPlaylist | undefined> {
  try {
    return parseMediaPlaylist(await readFile(file, 'utf8'));
  } catch {
    // Not written yet (ffmpeg writes it after the first segment, under a temporary name then renamed).
    return undefined;
  }
}

/**
 * Publishes the first pass's renditions while ffmpeg makes them: each segment is stored as soon as
 * ffmpeg lists it, then the rendition's EVENT playlist listing only stored segments; once every
 * rendition has one, a master playlist listing them. Every segment and rendition playlist goes
 * through uploadFiles. The finished VOD playlists and the final master are the caller's to store.
 */
export function publishGrowingRenditions(options: GrowingRenditionsOptions): GrowingRenditions {
  const { storage, hlsDir, stageDir, prefix, signal, videoKey } = options;
  const published: Published[] = options.renditions.map((rendition) => ({ rendition, segments: [], targetDurationSeconds: 0, bytes: 0 }));
  const stored = new Set<string>();
  let masterStored = false;
  let stopped = false;
  const wake = new AbortController();

  const publishRendition = async (entry: Published) => {
    const name = entry.rendition.name;
    const playlist = await readPlaylist(path.join(hlsDir, name, PLAYLIST_NAME));
    if (!playlist || playlist.segments.length <= entry.segments.length) return;
    const fresh = playlist.segments.slice(entry.segments.length);
    const files = await Promise.all(
      fresh.map(async (segment) => {
        const file = path.join(hlsDir, name, segment.uri);
        return { file, key: `${name}/${segment.uri}`, size: (await stat(file)).size };
      }),
    );
    // Segments first, then the playlist that lists them.
    await uploadFiles(storage, files, prefix, { signal, videoKey });
    for (const file of files) {
      stored.add(file.key);
      entry.bytes += file.size;
    }
    entry.segments.push(...fresh);
    entry.targetDurationSeconds = playlist.targetDurationSeconds;
    const staged = path.join(stageDir, name, PLAYLIST_NAME);
    await mkdir(path.dirname(staged), { recursive: true });
    const text = buildMediaPlaylist({ targetDurationSeconds: entry.targetDurationSeconds, segments: entry.segments, type: 'event' });
    await writeFile(`${staged}.tmp`, text);
    await rename(`${staged}.tmp`, staged);
    await uploadFiles(storage, [{ file: staged, key: `${name}/${PLAYLIST_NAME}`, size: Buffer.byteLength(text) }], prefix, { signal, videoKey });
  };

  const publishMaster = async () => {
    if (masterStored || published.some((entry) => entry.segments.length === 0)) return;
    const renditions = published.map((entry) => asRendition(entry, options.audioRate));
    const playlists = new Map(
      published.map((entry) => [entry.rendition.name, { targetDurationSeconds: entry.targetDurationSeconds, segments: entry.segments, ended: false }]),
    );
    const file = await writeMasterPlaylist(hlsDir, renditions, { frameRate: options.frameRate, file: path.join(stageDir, MASTER_PLAYLIST_NAME), playlists });
    await storage.putFile(`${prefix}${MASTER_PLAYLIST_NAME}`, file, { signal });
    masterStored = true;
    await options.onFirstSegments(renditions);
  };

  // The renditions side by side: their first segments are finished at about the same moment.
  const look = async () => {
    await Promise.all(published.map(publishRendition));
    await publishMaster();
  };

  const loop = (async () => {
    while (!stopped) {
      await look();
      await sleep(options.pollMs ?? GROWING_POLL_MS, undefined, { signal: wake.signal }).catch(() => undefined);
    }
  })();
  // A failure is seen by finish(); until then the loop has ended and nothing more is stored.
  loop.catch(() => undefined);

  const halt = async () => {
    stopped = true;
    wake.abort();
    await loop;
  };
  return {
    async finish() {
      await halt();
      await look();
      return stored;
    },
    async stop() {
      await halt().catch(() => undefined);
    },
  };
}
