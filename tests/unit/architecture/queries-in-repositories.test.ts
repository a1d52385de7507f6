import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Queries live in `*.repository.ts` files: services keep the rules and the transactions and hand
 * their connection to repository functions, so that every statement the app runs is found by
 * opening its domain's repository. The database plumbing (server/db) is the one other home;
 * migrations sit outside server/ and worker/ and are not read.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const FOLDERS = ['server', 'worker'];
const PLUMBING = 'server/db/';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

// Kysely's `with` takes a name or a callback; an array's `with(index, value)` takes neither.
const BUILDER_CALL =
  /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom|executeQuery)\(|\.with(?:Recursive)?\(\s*['"`(]|\bsql\.raw\(/g;
const SQL_TAG = /\bsql\b/g;

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Where `sql` at `start` is a template tag: `sql` or `sql<...>` (any generics, over lines too) then a backtick. */
function isSqlTemplate(text: string, start: number): boolean {
  let at = start + 3;
  while (/\s/.test(text[at] ?? '')) at += 1;
  if (text[at] === '<') {
    let depth = 0;
    for (; at < text.length; at += 1) {
      const char = text[at];
      if (char === '<') depth += 1;
      else if (char === '>' && text[at - 1] !== '=') depth -= 1;
      else if (char === '`') return false;
      if (depth === 0) break;
    }
    at += 1;
    while (/\s/.test(text[at] ?? '')) at += 1;
  }
  return text[at] === '`';
}

/** The lines (1-based) of a source text that start a query: a query-builder call or a `sql` template. */
export function queryLines(text: string): number[] {
  const starts = [...text.matchAll(BUILDER_CALL)].map((match) => match.index);
  for (const match of text.matchAll(SQL_TAG)) if (text[match.index - 1] !== '.' && isSqlTemplate(text, match.index)) starts.push(match.index);
  const lines = text.split('\n');
  return starts
    .map((index) => text.slice(0, index).split('\n').length)
    .filter((line) => !isComment(lines[line - 1]!))
    .sort((a, b) => a - b);
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
const isRepository = (file: string) => file.endsWith('.repository.ts');
const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder))).map((file) => ({ file: relative(file), text: fs.readFileSync(file, 'utf8') }));

describe('queries', () => {
  it('are written only in repositories (and the database plumbing in server/db)', () => {
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { file, text } of files) {
      if (isRepository(file) || file.startsWith(PLUMBING)) continue;
      found.push(...queryLines(text).map((line) => `${file}:${line}`));
    }
    expect(found).toEqual([]);
  });

  it('are recognised by the check: builder calls and sql templates, not comments, types or arrays', () => {
    const text = [
      "const a = db.selectFrom('exams').selectAll();",
      '// a comment naming db.selectFrom(',
      'const b = sql<{ id: string;',
      '  title: string }>`select id, title from exams`;',
      'type Fragment = ReturnType<typeof sql<boolean>>;',
      'const c = sql.ref(column);',
      'const d = rows.with(0, first);',
      "const e = db.with('recent', (qb) => qb.selectFrom('exams'));",
      'const f = sql`now()`;',
    ].join('\n');
    expect(queryLines(text)).toEqual([1, 3, 8, 8, 9]);
  });
});

/** The table names the database types declare. */
function tableNames(): string[] {
  const types = fs.readFileSync(path.join(root, 'server/db/types.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(types)![1]!;
  return [...body.matchAll(/^\s*(\w+):/gm)].map((match) => match[1]!);
}

describe('domains', () => {
  it('that touch a table each have a repository', () => {
    const tables = tableNames();
    expect(tables).toContain('exams');
    const namesTable = new RegExp(`'(${tables.join('|')})(?: as \\w+)?'|\\b(?:from|join|into|update)\\s+(${tables.join('|')})\\b`);
    const domains = new Map<string, string[]>();
    for (const { file } of files) {
      const [top, domain, ...rest] = file.split('/');
      if (top !== 'server' || rest.length === 0 || `${top}/${domain}/` === PLUMBING) continue;
      domains.set(domain!, [...(domains.get(domain!) ?? []), file]);
    }
    const texts = new Map(files.map(({ file, text }) => [file, text]));
    // A folder touches a table when one of its queries names one: a health check's `select 1` and the job
    // queue's calls into graphile_worker's own functions do not count.
    const touching = [...domains].filter(([, folderFiles]) =>
      folderFiles.some((file) => queryLines(texts.get(file)!).length > 0 && namesTable.test(texts.get(file)!)),
    );
    const missing = touching.filter(([, folderFiles]) => !folderFiles.some(isRepository)).map(([domain]) => domain);
    expect(touching.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
