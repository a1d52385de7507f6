import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { StorageNotFoundError, type Storage } from '../../server/assets/storage/storage.ts';
import type { AssetRow } from '../../server/db/types.ts';
import { progressWriter, setProcessState } from './processing-state.ts';
import type { Db } from '../../server/db/database.ts';
import { outputsPrefixOf } from '../../shared/assets/stored-files.rules.ts';
import { storeHlsFile } from './segment-encryption.ts';

const WORKSPACE_PREFIX = 'psc-media-';

/** A temporary folder for one processing run, removed afterwards whatever happens. */
export async function withWorkspace<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), WORKSPACE_PREFIX));
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Each run writes under a fresh version, so a half-finished run never mixes with a finished one. */
export function newOutputPrefix(assetId: string): string {
  return `${outputsPrefixOf(assetId)}${Date.now().toString(36)}-${randomBytes(3).toString('hex')}/`;
}

/** Step 2: the original as a local file, copied from the bucket when storage is remote. */
export async function fetchOriginal(db: Db, storage: Storage, asset: AssetRow, dir: string, signal: AbortSignal): Promise<string> {
  const size = Number(asset.size_in_bytes);
  const local = storage.localPath(asset.storage_key);
  if (local) {
    if (!(await storage.exists(asset.storage_key))) throw new StorageNotFoundError(asset.storage_key);
    await setProcessState(db, asset.id, 'downloading', { total: size, loaded: size });
    return local;
  }
  const target = path.join(dir, 'original');
  const progress = progressWriter(db, asset.id, 'downloading');
  progress.report({ total: size, loaded: 0 });
  await storage.download(asset.storage_key, target, { signal, onProgress: (loaded) => progress.report({ total: size, loaded }) });
  progress.report({ total: size, loaded: size });
  await progress.flush();
  return target;
}

export async function listFiles(dir: string, base = dir): Promise<Array<{ file: string; key: string; size: number }>> {
  const found: Array<{ file: string; key: string; size: number }> = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listFiles(file, base)));
    else found.push({ file, key: path.relative(base, file).split(path.sep).join('/'), size: (await stat(file)).size });
  }
  return found;
}

/** Files stored at once: hides each write's round trip (a disk flush, or an S3 request). */
const UPLOAD_CONCURRENCY = 4;

export interface UploadOptions {
  signal: AbortSignal;
  onProgress?: (bytes: number) => void;
  /**
   * The video's key (videoKeyFor): HLS segments (`.ts`) are stored encrypted under it and media
   * playlists with its key line. Storing a segment or a media playlist without it throws.
   */
  videoKey?: Uint8Array | undefined;
}

/**
 * Uploads local files under a storage prefix, a few at a time, reporting bytes sent. Every HLS
 * file goes through storeHlsFile, so no segment is ever stored unencrypted.
 */
export async function uploadFiles(
  storage: Storage,
  files: Array<{ file: string; key: string; size: number }>,
  prefix: string,
  options: UploadOptions,
): Promise<number> {
  let sent = 0;
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const file = files[next]!;
      next += 1;
      options.signal.throwIfAborted();
      await storeHlsFile(storage, `${prefix}${file.key}`, file.file, options);
      sent += file.size;
      options.onProgress?.(sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, files.length) }, lane));
  return sent;
}

/** Uploads a local folder under a storage prefix, reporting bytes sent. */
export async function uploadFolder(storage: Storage, dir: string, prefix: string, options: UploadOptions & { skip?: Set<string> }): Promise<number> {
  const files = (await listFiles(dir)).filter((f) => !options.skip?.has(f.key));
  return uploadFiles(storage, files, prefix, options);
}

/** Removes earlier output versions of an asset once a new one is complete. */
export async function removeOtherVersions(storage: Storage, assetId: string, keep: string): Promise<void> {
  const all = await storage.list(`assets/${assetId}/out/`);
  const versions = new Set(all.map((object) => object.key.split('/').slice(0, 4).join('/') + '/'));
  for (const version of versions) if (version !== keep) await storage.deletePrefix(version);
}

export async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Workspaces left by a process that was killed mid-run (older than a day) are removed. */
export async function removeStaleWorkspaces(maxAgeMs = 24 * 60 * 60_000): Promise<number> {
  let removed = 0;
  for (const entry of await readdir(os.tmpdir(), { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(WORKSPACE_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry.name);
    const info = await stat(dir).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) {
      await rm(dir, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
