import { AppError } from '../errors.ts';

/**
 * Exports written at once, server-wide: each holds a worker thread and a database connection outside
 * the pool. One account may write EXPORTS_PER_ACCOUNT at once (one more is refused at once, 429:
 * a flood from one account waits for nobody else); beyond EXPORTS_AT_ONCE in all, an export waits
 * its turn for up to EXPORT_QUEUE_WAIT_MS, then is refused (503, the server is busy).
 */
export const EXPORTS_AT_ONCE = 3;
export const EXPORTS_PER_ACCOUNT = 2;
export const EXPORT_QUEUE_WAIT_MS = 20_000;
export const EXPORTS_PER_ACCOUNT_MESSAGE = `You are writing ${EXPORTS_PER_ACCOUNT} exports already: wait for one to finish, then try again.`;
export const EXPORTS_BUSY_MESSAGE = `${EXPORTS_AT_ONCE} exports are being written already. Please try again in a minute.`;

export class ExportSlots {
  private running = 0;
  private readonly byAccount = new Map<string, number>();
  private readonly queue: Array<{ start: () => void }> = [];

  private readonly size: number;
  private readonly perAccount: number;
  private readonly waitMs: number;

  constructor(size = EXPORTS_AT_ONCE, perAccount = EXPORTS_PER_ACCOUNT, waitMs = EXPORT_QUEUE_WAIT_MS) {
    this.size = size;
    this.perAccount = perAccount;
    this.waitMs = waitMs;
  }

  /**
   * A slot for `account`'s export, once one is free; `gone` resolves when the client leaves while
   * it waits (it then gets none). Call the returned function once when the export ends.
   */
  async take(account: string, gone: Promise<void>): Promise<() => void> {
    const held = this.byAccount.get(account) ?? 0;
    if (held >= this.perAccount) throw new AppError('rate-limited', EXPORTS_PER_ACCOUNT_MESSAGE, { retryAfterSeconds: 10 });
    // Counted against the account while it waits too, so that one account cannot fill the queue.
    this.byAccount.set(account, held + 1);
    try {
      // A free slot is taken at once; otherwise the slot of the export that ends next is handed over.
      if (this.running < this.size) this.running += 1;
      else await this.turn(gone);
    } catch (error) {
      this.leave(account);
      throw error;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.leave(account);
      const next = this.queue.shift();
      if (next) next.start();
      else this.running -= 1;
    };
  }

  private leave(account: string): void {
    const held = (this.byAccount.get(account) ?? 1) - 1;
    if (held > 0) this.byAccount.set(account, held);
    else this.byAccount.delete(account);
  }

  private turn(gone: Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry = { start: () => finish(resolve) };
      const finish = (then: () => void) => {
        clearTimeout(timer);
        const at = this.queue.indexOf(entry);
        if (at >= 0) this.queue.splice(at, 1);
        then();
      };
      const timer = setTimeout(() => finish(() => reject(new AppError('unavailable', EXPORTS_BUSY_MESSAGE, { retryAfterSeconds: 60 }))), this.waitMs);
      timer.unref();
      void gone.then(() => finish(() => reject(new AppError('unavailable', 'The export was cancelled'))));
      this.queue.push(entry);
    });
  }
}
