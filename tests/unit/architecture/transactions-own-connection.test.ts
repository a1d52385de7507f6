import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A transaction holds one pooled connection until it ends. Code inside it that reads through the
 * outer executor (`db`, `ctx.db`, `deps.db`) asks the pool for a second connection while holding
 * the first: once every connection is held by a transaction doing the same (submits at the end of
 * an exam), each waits for ever. Inside a transaction's callback, every read and write goes
 * through the transaction.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const OUTER_EXECUTOR = /(?<![\w.])(?:ctx\.db|deps\.db|this\.db|db)(?![\w])/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The lines inside `async (trx) => { … }` callbacks of `text` that name an outer executor, as 'line: code'. */
export function outerExecutorUses(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/async\s*\(\s*(trx|tx)\b[^)]*\)(?:\s*:\s*[^=]+?)?\s*=>\s*\{/g)) {
    const name = match[1]!;
    const open = match.index + match[0].length;
    let depth = 1;
    let end = open;
    while (end < text.length && depth > 0) {
      if (text[end] === '{') depth += 1;
      else if (text[end] === '}') depth -= 1;
      end += 1;
    }
    const firstLine = text.slice(0, open).split('\n').length;
    text
      .slice(open, end)
      .split('\n')
      .forEach((line, index) => {
        const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
        // `{ db: trx }` hands the transaction on under the name the callee expects.
        const withoutHandOver = code.replace(new RegExp(`\\bdb:\\s*${name}\\b`, 'g'), '');
        if (OUTER_EXECUTOR.test(withoutHandOver)) found.push(`${firstLine + index}: ${line.trim()}`);
      });
  }
  return found;
}

describe('transactions', () => {
  it('read and write only through themselves, never through the pool they came from', () => {
    const offending = ['server', 'worker'].flatMap((folder) =>
      sourceFiles(path.join(root, folder)).flatMap((file) =>
        outerExecutorUses(fs.readFileSync(file, 'utf8')).map((use) => `${path.relative(root, file)}:${use}`),
      ),
    );
    expect(offending).toEqual([]);
  });

  it('are found reading through the pool inside their callback, and handing themselves on is not', () => {
    const text = [
      'export async function submit(db: Db) {',
      '  return db.transaction().execute(async (trx) => {',
      '    const row = await lock(trx);',
      '    await refresh({ db: trx }, row);',
      '    // db is named in a comment only',
      '    const key = await keyOf(db, row.exam_id);',
      '    return save(trx, key);',
      '  });',
      '}',
      'export async function other(ctx: Ctx) {',
      '  await inTransaction(async (tx) => {',
      '    await ctx.db.selectFrom("exams").execute();',
      '  });',
      '}',
    ].join('\n');
    expect(outerExecutorUses(text)).toEqual(['6: const key = await keyOf(db, row.exam_id);', '12: await ctx.db.selectFrom("exams").execute();']);
  });
});
