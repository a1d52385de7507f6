import type { IncomingMessage } from 'node:http';

/**
 * Reads the first `bytes` of a request's body and puts them back (`unshift`), so that whoever
 * reads the body next (the tus server) reads all of it. Answers fewer bytes when the body is
 * shorter; the caller reads a head only from a body declared at least that long.
 */
export function peekRequestBody(raw: IncomingMessage, bytes: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = (error?: Error) => {
      raw.off('readable', onReadable);
      raw.off('end', onEnd);
      raw.off('error', finish);
      if (error) {
        reject(error);
        return;
      }
      const head = Buffer.concat(chunks);
      if (head.length > 0 && !raw.readableEnded) raw.unshift(head);
      resolve(head.subarray(0, bytes));
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < bytes && (chunk = raw.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= bytes) finish();
    };
    const onEnd = () => finish();
    raw.on('readable', onReadable);
    raw.once('end', onEnd);
    raw.once('error', finish);
  });
}

/** Reads and drops what is left of a request's body, so that its answer is read by the browser. */
export function drainRequestBody(raw: IncomingMessage): Promise<void> {
  return new Promise<void>((resolve) => {
    if (raw.readableEnded) {
      resolve();
      return;
    }
    raw.once('end', () => resolve());
    raw.once('error', () => resolve());
    raw.once('close', () => resolve());
    raw.resume();
  });
}
