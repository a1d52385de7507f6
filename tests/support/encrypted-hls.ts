import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../server/assets/storage/storage.ts';

/**
 * A local copy of an encrypted rendition as a player would fetch it: the playlist text (as stored
 * or as served, links and all), its segments copied out of storage, and the key written to a file
 * its key line names. ffmpeg and ffprobe open it with `-allowed_extensions ALL` (the key file is
 * not a media file). Answers the playlist's path.
 */
export async function localEncryptedRendition(options: {
  storage: Storage;
  /** The storage folder of the rendition, e.g. `<output_prefix>hls/360p/`. */
  folder: string;
  playlist: string;
  key: Buffer | undefined;
  dir: string;
}): Promise<string> {
  await mkdir(options.dir, { recursive: true });
  const dir = await mkdtemp(path.join(options.dir, 'rendition-'));
  const lines = options.playlist.split('\n');
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    const segment = line.split('?')[0]!;
    await copyFile(options.storage.localPath(`${options.folder}${segment}`)!, path.join(dir, segment));
  }
  if (options.key) await writeFile(path.join(dir, 'key.bin'), options.key);
  const local = lines.map((line) => (line.startsWith('#EXT-X-KEY:') ? line.replace(/URI="[^"]+"/, 'URI="key.bin"') : line.split('?')[0])).join('\n');
  const file = path.join(dir, 'index.m3u8');
  await writeFile(file, local);
  return file;
}
