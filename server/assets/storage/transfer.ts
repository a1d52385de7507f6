import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Passes bytes through unchanged, keeping their running total and reporting each new total. */
export class ByteCounter extends Transform {
  bytes = 0;
  readonly #onBytes: ((total: number) => void) | undefined;

  constructor(onBytes?: (total: number) => void) {
    super();
    this.#onBytes = onBytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.#onBytes?.(this.bytes);
    callback(null, chunk);
  }
}

/** The error an aborted operation fails with: named AbortError like Node's own, the signal's reason as its cause. */
export function abortError(signal: AbortSignal): Error {
  const error = new Error('The operation was aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

/** Streams a source into a file; on failure or abort the partial file is removed and the error rethrown. */
export async function streamToFile(
  source: Readable,
  filePath: string,
  options: { onProgress?: (bytes: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  const counter = new ByteCounter(options.onProgress);
  try {
    await pipeline(source, counter, createWriteStream(filePath), { signal: options.signal });
  } catch (error) {
    source.destroy();
    await rm(filePath, { force: true });
    throw error;
  }
  return counter.bytes;
}
