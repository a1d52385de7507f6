import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, type ByteRange, type PutOptions, type Storage, type StoredObject } from './storage.ts';
import { ByteCounter, streamToFile } from './transfer.ts';
import { TEMPORARY_FOLDER, assertValidFolder, assertValidKey, assertValidListPrefix, assertValidRange, unsatisfiableRange } from './validation.ts';

/** Error codes that mean "there is no file here" for a path whose folders may not exist either. */
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** Makes a rename or removal in a folder durable across a power cut. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Objects as files under `<DATA_DIR>/storage/<key>`. A write goes to a temporary file in
 * `<DATA_DIR>/storage/.tmp/`, is flushed to disk and then renamed into place, so readers see either
 * the old object or the new one, never part of one.
 *
 * One limit S3 does not have: a key cannot also be a folder of other keys (`a` and `a/b`).
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly #temporaryFolder: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'storage');
    this.#temporaryFolder = path.join(this.root, TEMPORARY_FOLDER);
  }

  async put(key: string, body: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    assertValidKey(key);
    options.signal?.throwIfAborted();
    const target = this.#pathOf(key);
    await mkdir(this.#temporaryFolder, { recursive: true });
    const temporary = path.join(this.#temporaryFolder, randomUUID());
    const counter = new ByteCounter(options.onProgress);
    try {
      // flush: the file's data reaches the disk (fsync) before the stream closes and the rename below.
      await pipeline(body, counter, createWriteStream(temporary, { flags: 'wx', flush: true }), { signal: options.signal });
      await this.#moveIntoPlace(temporary, target);
    } catch (error) {
      body.destroy();
      await rm(temporary, { force: true });
      throw error;
    }
    return { size: counter.bytes };
  }

  async putFile(key: string, filePath: string, options?: PutOptions): Promise<{ size: number }> {
    assertValidKey(key);
    options?.signal?.throwIfAborted();
    return this.put(key, createReadStream(filePath), options);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    if (range) assertValidRange(range);
    let handle: FileHandle;
    try {
      handle = await open(this.#pathOf(key), 'r');
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) throw new StorageNotFoundError(key);
      throw error;
    }
    // Reading through the open handle keeps serving this version even if a put replaces it meanwhile.
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageNotFoundError(key);
      if (range && range.start >= info.size) throw unsatisfiableRange(key, range, info.size);
    } catch (error) {
      await handle.close();
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async download(key: string, filePath: string, options?: { onProgress?: (bytes: number) => void; signal?: AbortSignal }): Promise<void> {
    options?.signal?.throwIfAborted();
    await streamToFile(await this.get(key), filePath, options);
  }

  localPath(key: string): string {
    assertValidKey(key);
    return this.#pathOf(key);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertValidKey(key);
    try {
      const info = await stat(this.#pathOf(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : undefined;
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const file = this.#pathOf(key);
    try {
      await unlink(file);
    } catch (error) {
      // EISDIR: the key is only a folder of other keys, so there is no object to delete (as in S3).
      if (!MISSING.has(errorCode(error) ?? '') && errorCode(error) !== 'EISDIR') throw error;
      return;
    }
    await this.#removeEmptyFolders(path.dirname(file));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.delete(key);
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertValidFolder(prefix);
    const folder = this.#pathOf(prefix.slice(0, -1));
    try {
      if (!(await lstat(folder)).isDirectory()) return 0;
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return 0;
      throw error;
    }
    let count = 0;
    for await (const _object of this.#walkFolder(folder, prefix)) count += 1;
    await rm(folder, { recursive: true, force: true });
    await this.#removeEmptyFolders(path.dirname(folder));
    return count;
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const objects: StoredObject[] = [];
    for await (const object of this.walk(prefix)) objects.push(object);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async *walk(prefix: string): AsyncGenerator<StoredObject> {
    assertValidListPrefix(prefix);
    // A prefix may end inside a name (`assets/12` matches `assets/123/...`): walk its folder and filter.
    const folderKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const folder = folderKey === '' ? this.root : this.#pathOf(folderKey.slice(0, -1));
    for await (const object of this.#walkFolder(folder, folderKey)) {
      if (object.key.startsWith(prefix)) yield object;
    }
  }

  async deleteUnfinishedWrites(limits: { lastWrittenBefore: Date; startedBefore: Date }): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.#temporaryFolder);
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.#temporaryFolder, name);
      // A write under way keeps its file's modification time fresh; only a stalled or dead one is this old.
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtime >= limits.lastWrittenBefore) continue;
      await rm(file, { force: true, recursive: true });
      removed += 1;
    }
    return removed;
  }

  #pathOf(key: string): string {
    const resolved = path.join(this.root, ...key.split('/'));
    // The key rules already keep paths inside the root; this guards against a rule being loosened.
    if (!resolved.startsWith(this.root + path.sep)) throw new Error(`Storage key ${JSON.stringify(key)} leaves the storage folder`);
    return resolved;
  }

  async #moveIntoPlace(temporary: string, target: string): Promise<void> {
    const folder = path.dirname(target);
    // A concurrent delete may remove the (then empty) folder between mkdir and rename: make it again.
    for (let attempt = 1; ; attempt += 1) {
      await mkdir(folder, { recursive: true });
      try {
        await rename(temporary, target);
        break;
      } catch (error) {
        if (errorCode(error) !== 'ENOENT' || attempt >= 5) throw error;
      }
    }
    await syncFolder(folder);
  }

  /**
   * Removes a folder left empty by a delete, and its parents while they are empty too, up to the
   * root. A put racing with this finds its folder gone and makes it again (see #moveIntoPlace).
   */
  async #removeEmptyFolders(folder: string): Promise<void> {
    let current = folder;
    while (current.startsWith(this.root + path.sep) && current !== this.#temporaryFolder) {
      try {
        await rmdir(current);
      } catch {
        // ENOTEMPTY (still holds files), or already gone: either way the walk up ends here.
        return;
      }
      current = path.dirname(current);
    }
  }

  /** Every file below a folder, as stored objects whose keys start with keyPrefix, one folder read at a time. */
  async *#walkFolder(folder: string, keyPrefix: string): AsyncGenerator<StoredObject> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return;
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (folder === this.root && entry.name === TEMPORARY_FOLDER) continue;
      const key = `${keyPrefix}${entry.name}`;
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        yield* this.#walkFolder(entryPath, `${key}/`);
        continue;
      }
      if (!entry.isFile()) continue;
      try {
        const info = await stat(entryPath);
        yield { key, size: info.size, modifiedAt: info.mtime };
      } catch (error) {
        if (!MISSING.has(errorCode(error) ?? '')) throw error;
      }
    }
  }
}
