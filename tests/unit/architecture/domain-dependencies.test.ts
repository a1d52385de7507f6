import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each folder under server/ is a domain or plumbing, and any two of them depend on each other one
 * way only: the more basic one (a lecture, a file) knows nothing of the one built on it (a course).
 * Two folders importing each other cannot be understood, tested or changed apart, and the next
 * import between them easily closes a circle between files.
 */
const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The imports (type and dynamic ones included) from one folder of `base` into another: 'from -> to' → the files behind them. */
function folderImports(base: string): Map<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const file of sourceFiles(base)) {
    const [from, ...inFolder] = path.relative(base, file).split(path.sep);
    if (inFolder.length === 0) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const [to, ...target] = path.relative(base, path.resolve(path.dirname(file), match[1]!)).split(path.sep);
      if (to === '..' || to === from || target.length === 0) continue;
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${path.relative(root, file).split(path.sep).join('/')} -> ${[to, ...target].join('/')}`]);
    }
  }
  return imports;
}

/** Every pair of folders of `base` that import each other, as 'a <-> b' (in name order) → the imports both ways. */
export function mutualPairs(base: string): Map<string, string[]> {
  const imports = folderImports(base);
  const pairs = new Map<string, string[]>();
  for (const [key, files] of imports) {
    const [from, to] = key.split(' -> ') as [string, string];
    const back = imports.get(`${to} -> ${from}`);
    if (from < to && back) pairs.set(`${from} <-> ${to}`, [...files, ...back]);
  }
  return pairs;
}

describe('server folders', () => {
  it('depend on each other one way only', () => {
    const pairs = mutualPairs(path.join(root, 'server'));
    const unexpected = [...pairs].map(([pair, files]) => `${pair}: ${files.join(', ')}`);
    expect(unexpected).toEqual([]);
  });

  it('are found importing each other, with the files behind both directions', () => {
    const dir = fs.mkdtempSync(path.join(root, 'tests/unit/.domains-'));
    try {
      fs.mkdirSync(path.join(dir, 'courses'));
      fs.mkdirSync(path.join(dir, 'lectures'));
      fs.writeFileSync(path.join(dir, 'courses/courses.ts'), "import { lecture } from '../lectures/lectures.ts';\nexport const course = lecture;\n");
      fs.writeFileSync(path.join(dir, 'lectures/lectures.ts'), "export const lecture = 1;\nexport const courses = () => import('../courses/courses.ts');\n");
      fs.writeFileSync(path.join(dir, 'lectures/plain.ts'), "import { lecture } from './lectures.ts';\nexport const plain = lecture;\n");
      const pairs = mutualPairs(dir);
      const relativeTo = (file: string) => path.relative(root, path.join(dir, file)).split(path.sep).join('/');
      expect([...pairs.keys()]).toEqual(['courses <-> lectures']);
      expect(pairs.get('courses <-> lectures')).toEqual([
        `${relativeTo('courses/courses.ts')} -> lectures/lectures.ts`,
        `${relativeTo('lectures/lectures.ts')} -> courses/courses.ts`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
