import { createInflateRaw } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x0001;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; a workbook uses no other. */
  method: number;
  flags: number;
  compressedSize: number;
  /** What the archive declares; a crafted archive may lie about it. */
  unpackedSize: number;
  localHeaderOffset: number;
}

export interface ZipDirectory {
  entries: ZipEntry[];
  /** The entries' names, e.g. xl/workbook.xml. */
  names: string[];
  /** The unpacked size the archive declares for all its entries together. */
  unpackedBytes: number;
}

/** Sizes and offsets too large for 32 bits are 0xFFFFFFFF in the entry and kept in its zip64 extra field, in this order. */
function withZip64Sizes(zip: Buffer, extraStart: number, extraEnd: number, entry: ZipEntry): ZipEntry {
  const wide = [entry.unpackedSize, entry.compressedSize, entry.localHeaderOffset].map((value) => value === 0xffffffff);
  if (!wide.includes(true)) return entry;
  for (let at = extraStart; at + 4 <= extraEnd; at += 4 + zip.readUInt16LE(at + 2)) {
    if (zip.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const next = (): number => {
      const value = field + 8 <= extraEnd ? Number(zip.readBigUInt64LE(field)) : Number.NaN;
      field += 8;
      return value;
    };
    return {
      ...entry,
      unpackedSize: wide[0] ? next() : entry.unpackedSize,
      compressedSize: wide[1] ? next() : entry.compressedSize,
      localHeaderOffset: wide[2] ? next() : entry.localHeaderOffset,
    };
  }
  return entry;
}

/**
 * The central directory of a zip archive (each entry's name, method and declared sizes), or
 * undefined when the archive has no readable directory (it is damaged or cut short). Read
 * before unpacking anything, so a file that declares gigabytes is refused at once.
 */
export function zipDirectory(zip: Buffer): ZipDirectory | undefined {
  // The end record is the last 22 bytes, followed by a comment of up to 65,535 bytes.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at -= 1) {
    if (zip.readUInt32LE(at) !== END_OF_CENTRAL_DIRECTORY) continue;
    const count = zip.readUInt16LE(at + 10);
    let position = zip.readUInt32LE(at + 16);
    const entries: ZipEntry[] = [];
    for (let index = 0; index < count; index += 1) {
      if (position + 46 > zip.length || zip.readUInt32LE(position) !== CENTRAL_DIRECTORY_ENTRY) return undefined;
      const nameLength = zip.readUInt16LE(position + 28);
      const extraLength = zip.readUInt16LE(position + 30);
      const nameEnd = position + 46 + nameLength;
      if (nameEnd + extraLength > zip.length) return undefined;
      const entry: ZipEntry = {
        name: zip.toString('utf8', position + 46, nameEnd),
        method: zip.readUInt16LE(position + 10),
        flags: zip.readUInt16LE(position + 8),
        compressedSize: zip.readUInt32LE(position + 20),
        unpackedSize: zip.readUInt32LE(position + 24),
        localHeaderOffset: zip.readUInt32LE(position + 42),
      };
      entries.push(withZip64Sizes(zip, nameEnd, nameEnd + extraLength, entry));
      position = nameEnd + extraLength + zip.readUInt16LE(position + 32);
    }
    let unpackedBytes = 0;
    for (const entry of entries) unpackedBytes += entry.unpackedSize;
    return { entries, names: entries.map((entry) => entry.name), unpackedBytes };
  }
  return undefined;
}

/** How many bytes a raw deflate stream unpacks to, counted as it unpacks; stops once past `limit`. */
function countInflated(compressed: Buffer, limit: number): Promise<{ bytes: number; overLimit: boolean }> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    let bytes = 0;
    inflater.on('data', (chunk: Buffer) => {
      // The unpacked bytes are counted and dropped: nothing of them is kept.
      bytes += chunk.length;
      if (bytes > limit) {
        resolve({ bytes, overLimit: true });
        inflater.destroy();
      }
    });
    inflater.once('end', () => resolve({ bytes, overLimit: false }));
    inflater.once('error', reject);
    inflater.end(compressed);
  });
}

export interface UnpackLimits {
  /** The most one entry may unpack to. */
  entryBytes: number;
  /** The most all entries together may unpack to. */
  totalBytes: number;
}

/** The outcome, with the bytes unpacked (and dropped) before it was known. */
export type UnpackCheck = { unpackedBytes: number } & (
  { outcome: 'fits' } | { outcome: 'entry-too-large'; name: string } | { outcome: 'too-large' } | { outcome: 'damaged'; name: string }
);

/**
 * Unpacks every entry of the archive as an unzip library would (from its local header, the
 * compressed size the directory gives), counting the bytes that come out and dropping them, and
 * stops at the first entry past `limits.entryBytes` or once all of them pass `limits.totalBytes`.
 * The declared sizes are not trusted for the limits: a crafted archive understates them. An
 * archive within the limits is damaged when an entry unpacks to another size than it declares,
 * cannot be unpacked, or lies outside the file (unzip libraries refuse it too, but only after
 * unpacking all of it).
 */
export async function checkUnpackedSizes(zip: Buffer, directory: ZipDirectory, limits: UnpackLimits): Promise<UnpackCheck> {
  let total = 0;
  let misdeclared: string | undefined;
  for (const entry of directory.entries) {
    const damaged = (counted = 0): UnpackCheck => ({ outcome: 'damaged', name: entry.name, unpackedBytes: total + counted });
    const at = entry.localHeaderOffset;
    if ((entry.flags & ENCRYPTED_FLAG) !== 0 || at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_HEADER) return damaged();
    const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const dataEnd = dataStart + entry.compressedSize;
    if (!Number.isSafeInteger(dataEnd) || dataEnd > zip.length) return damaged();

    const remaining = limits.totalBytes - total;
    const limit = Math.min(limits.entryBytes, remaining);
    const overLimit = (counted: number): UnpackCheck =>
      limits.entryBytes < remaining
        ? { outcome: 'entry-too-large', name: entry.name, unpackedBytes: total + counted }
        : { outcome: 'too-large', unpackedBytes: total + counted };
    let bytes: number;
    if (entry.method === STORED) {
      bytes = entry.compressedSize;
      if (bytes > limit) return overLimit(bytes);
    } else if (entry.method === DEFLATED) {
      const counted = await countInflated(zip.subarray(dataStart, dataEnd), limit).catch(() => undefined);
      if (!counted) return damaged();
      if (counted.overLimit) return overLimit(counted.bytes);
      bytes = counted.bytes;
    } else {
      return damaged();
    }
    // Counting goes on past a part that unpacks to another size than it declares, so that a
    // crafted archive is told as too large when it is, and as damaged otherwise.
    if (bytes !== entry.unpackedSize) misdeclared ??= entry.name;
    total += bytes;
  }
  if (misdeclared !== undefined) return { outcome: 'damaged', name: misdeclared, unpackedBytes: total };
  return { outcome: 'fits', unpackedBytes: total };
}
