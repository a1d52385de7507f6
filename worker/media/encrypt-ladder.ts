import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findAsset } from '../../server/assets/assets.repository.ts';
import { markLadderEncrypted, switchOutputVersion } from '../../server/assets/video-keys.repository.ts';
import { videoKeyFor } from '../../server/assets/video-keys.ts';
import { hasKeyLine, isMediaPlaylist } from '../../shared/media/hls-encryption.rules.ts';
import type { WorkerDeps } from '../deps.ts';
import { ensureDir, newOutputPrefix, uploadFiles, withWorkspace } from './workspace.ts';

export type LadderEncryption = 'encrypted' | 'already-encrypted' | 'not-ready' | 'superseded';

/**
 * Encrypts the ladder of a ready video stored before segments were encrypted: its output version is
 * copied to a new version with every segment encrypted under the video's key and the key line in
 * its rendition playlists; the video switches to it in one transaction (while it still shows the
 * version copied and is still ready), and only then is the old version removed, so anyone playing
 * the old files keeps playing until the switch. Safe to run again at any point: a ladder whose
 * playlists carry the key line is only noted as encrypted, and a copy left by a run that died is
 * never named by any row (the hourly cleanup removes it).
 */
export async function encryptLadder(deps: WorkerDeps, assetId: string, signal: AbortSignal): Promise<LadderEncryption> {
  const { db, storage, config } = deps;
  const asset = await findAsset(db, assetId);
  if (!asset || asset.kind !== 'video' || asset.state !== 'ready' || !asset.output_prefix) return 'not-ready';
  const from = asset.output_prefix;
  const videoKey = await videoKeyFor(db, config.SESSION_SECRET, assetId);
  const objects = await storage.list(from);

  return withWorkspace(async (dir) => {
    const files: Array<{ file: string; key: string; size: number }> = [];
    for (const object of objects) {
      signal.throwIfAborted();
      const key = object.key.slice(from.length);
      const file = path.join(dir, ...key.split('/'));
      await ensureDir(path.dirname(file));
      await storage.download(object.key, file, { signal });
      files.push({ file, key, size: object.size });
    }
    const playlists = await Promise.all(files.filter((file) => file.key.endsWith('.m3u8')).map((file) => readFile(file.file, 'utf8')));
    const media = playlists.filter(isMediaPlaylist);
    // Nothing to copy: a failure (retried, then left failed, which keeps the video out of the batch).
    if (media.length === 0) throw new Error(`No rendition playlist is stored under ${from}`);
    if (media.every(hasKeyLine)) {
      await markLadderEncrypted(db, assetId, from);
      return 'already-encrypted';
    }

    const to = newOutputPrefix(assetId);
    await uploadFiles(storage, files, to, { signal, videoKey });
    const switched = await db.transaction().execute(async (trx) => {
      if (!(await switchOutputVersion(trx, assetId, from, to))) return false;
      await markLadderEncrypted(trx, assetId, to);
      return true;
    });
    // Replaced or processed again meanwhile: that run's ladder is encrypted already, this copy goes.
    await storage.deletePrefix(switched ? from : to);
    return switched ? 'encrypted' : 'superseded';
  });
}
