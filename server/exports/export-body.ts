import { Readable, type Writable } from 'node:stream';

/**
 * An export's body on the main thread: the chunks the worker writes into its few buffers (see
 * export-worker.ts), each written to the response as it comes and given back to the worker once the
 * response has handed its bytes to the socket. The same buffers go back and forth for the whole file,
 * so the server holds at most EXPORT_CHUNK_BUFFERS of them at a time, however many rows, and never
 * waits for V8 to collect spent ones. A worker without a free buffer waits: that is the reply's pace.
 *
 * Fastify pipes a stream body into the response once the answer's headers are set; this body writes
 * itself instead (with a callback per chunk, which a pipe has not). Chunks that come before then wait.
 */
export class ExportBody extends Readable {
  private destination: Writable | undefined;
  private readonly waiting: Array<{ bytes: ArrayBuffer; length: number }> = [];
  private allAdded = false;
  private readonly giveBack: (bytes: ArrayBuffer) => void;

  /** `giveBack` hands a buffer back to the worker once the response has taken its bytes. */
  constructor(giveBack: (bytes: ArrayBuffer) => void) {
    super({ read() {} });
    this.giveBack = giveBack;
  }

  /** A chunk of the file: `length` bytes at the start of `bytes`. */
  addChunk(bytes: ArrayBuffer, length: number): void {
    if (this.destroyed) return;
    if (this.destination) this.send(this.destination, bytes, length);
    else this.waiting.push({ bytes, length });
  }

  /** The file is complete: the response ends after its last chunk. */
  addEnd(): void {
    this.allAdded = true;
    if (this.destination) this.finish(this.destination);
  }

  override pipe<Destination extends NodeJS.WritableStream>(destination: Destination): Destination {
    const response = destination as unknown as Writable;
    this.destination = response;
    for (const { bytes, length } of this.waiting.splice(0)) this.send(response, bytes, length);
    if (this.allAdded) this.finish(response);
    return destination;
  }

  private send(response: Writable, bytes: ArrayBuffer, length: number): void {
    // A response that failed (the client left) gives nothing back: the export is stopping.
    response.write(Buffer.from(bytes, 0, length), (error) => error || this.destroyed || this.giveBack(bytes));
  }

  private finish(response: Writable): void {
    if (this.destroyed) return;
    response.end();
    // The body ends too (nothing is left in it), which tells Fastify the answer is complete.
    this.push(null);
    this.resume();
  }
}
