import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { chainedEntryOf, entryHash, GENESIS_HASH } from './audit-chain.ts';
import { chainEntriesFrom, chainHead } from './audit-chain.repository.ts';

/** A hash noted earlier (e.g. the last one `npm run audit:verify` printed), to check it still stands at its seq. */
export interface AuditAnchor {
  seq: number;
  hash: Buffer;
}

export type AuditBreak = 'edited' | 'removed' | 'reordered' | 'anchor';

export type AuditVerification =
  { intact: true; entries: number; last: { seq: number; hash: Buffer } } | { intact: false; seq: number; problem: AuditBreak; message: string };

const hex = (hash: Buffer) => hash.toString('hex');
const count = (n: number) => n.toLocaleString('en-IN');

/** Reads `--anchor <seq>:<hex>`, or null when it is not one. */
export function parseAnchor(text: string): AuditAnchor | null {
  const match = /^(\d{1,15}):([0-9a-fA-F]{64})$/.exec(text.trim());
  if (!match || Number(match[1]) < 1) return null;
  return { seq: Number(match[1]), hash: Buffer.from(match[2]!, 'hex') };
}

/** What `npm run audit:verify` prints for a result. */
export function verificationText(result: AuditVerification): string {
  if (!result.intact) return result.message;
  if (result.entries === 0) return 'The audit log is intact: it has no entries yet.';
  return `The audit log is intact: ${count(result.entries)} entries, last ${result.last.seq} ${hex(result.last.hash)}`;
}

/**
 * Walks the whole audit log in seq order, in keyset batches of `batchSize` rows (memory stays
 * bounded at any size), recomputes every entry's hash and checks that each holds the previous one's.
 * It names the first entry that breaks the chain: a missing seq (removed), a prev_hash that is not
 * the previous entry's hash (inserted, moved, or rewritten with a new hash), a hash that does not
 * match the entry's content (edited); then checks the chain's head against the last entry (removed
 * or added at the end) and, with an anchor, that the anchor's entry still has the hash noted.
 *
 * What it cannot prove: someone able to rewrite the whole table and its head can recompute every
 * hash from the first one they change. Only a hash kept outside the database (the anchor) finds that.
 */
export async function verifyAuditLog(db: Kysely<Database>, options: { anchor?: AuditAnchor; batchSize?: number } = {}): Promise<AuditVerification> {
  const batchSize = options.batchSize ?? 5_000;
  const { anchor } = options;
  let prev: Buffer = GENESIS_HASH;
  let expected = 1;
  for (;;) {
    const rows = await chainEntriesFrom(db, expected, batchSize);
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expected) {
        const removed = seq === expected + 1 ? `Entry ${expected} was` : `Entries ${expected} to ${seq - 1} were`;
        return broken(expected, 'removed', `${removed} removed: the log goes from entry ${expected - 1} to entry ${seq}.`);
      }
      if (!row.prev_hash.equals(prev)) {
        return broken(
          seq,
          'reordered',
          `Entry ${seq} does not follow entry ${seq - 1}: its prev_hash is not entry ${seq - 1}'s hash (an entry was inserted or moved here, or entry ${seq - 1} was rewritten with a new hash).`,
        );
      }
      if (!row.hash.equals(entryHash(prev, chainedEntryOf(row)))) {
        return broken(
          seq,
          'edited',
          `Entry ${seq} was edited: its hash does not match its content (${row.action} ${row.resource_type} ${row.resource_id ?? ''} by ${row.actor_name}, as stored now).`,
        );
      }
      if (anchor && anchor.seq === seq && !anchor.hash.equals(row.hash)) {
        return broken(
          seq,
          'anchor',
          `Entry ${seq} is not the one anchored: its hash is ${hex(row.hash)}, the anchor noted ${hex(anchor.hash)}. The log was rewritten from this entry or an earlier one.`,
        );
      }
      prev = row.hash;
      expected += 1;
    }
    if (rows.length < batchSize) break;
  }
  const last = expected - 1;
  const head = await chainHead(db);
  const headSeq = head?.seq ?? 0;
  if (headSeq > last) {
    const removed = headSeq === last + 1 ? `Entry ${headSeq} was` : `Entries ${last + 1} to ${headSeq} were`;
    return broken(last + 1, 'removed', `${removed} removed: the chain's head is at entry ${headSeq}, the log ends at entry ${last}.`);
  }
  if (headSeq < last) {
    return broken(
      headSeq + 1,
      'reordered',
      `Entry ${headSeq + 1} was added outside the chain: the chain's head is at entry ${headSeq}, the log ends at entry ${last}.`,
    );
  }
  if (head && !head.hash.equals(prev)) {
    return broken(last, 'edited', `Entry ${last} was rewritten: the chain's head holds another hash for it (${hex(head.hash)}).`);
  }
  if (anchor && anchor.seq > last) {
    return broken(anchor.seq, 'anchor', `Entry ${anchor.seq} of the anchor is not in the log: the log ends at entry ${last}.`);
  }
  return { intact: true, entries: last, last: { seq: last, hash: prev } };
}

function broken(seq: number, problem: AuditBreak, message: string): AuditVerification {
  return { intact: false, seq, problem, message };
}
