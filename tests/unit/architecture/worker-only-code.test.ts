import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code that only the background worker runs lives in worker/: a file under server/ is there because
 * the HTTP server (or one of the npm scripts) runs it too. The server's `main.ts` starts a worker in
 * its own process, so the walk from the server's side stops at worker/ files.
 */
const root = path.resolve(import.meta.dirname, '../../..');

const IMPORT = /(?:from\s+|import\(\s*|new URL\(\s*)'(\.{1,2}\/[^']+)'/g;

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((match) => path.resolve(path.dirname(file), match[1]!))
    .filter((target) => fs.existsSync(target) && fs.statSync(target).isFile());
}

function reached(entries: string[], stopAt: (file: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) if (!stopAt(next)) pending.push(next);
  }
  return seen;
}

/** Files under `serverDir` that the worker's entries reach and the server's entries do not. */
export function workerOnlyFiles(serverEntries: string[], workerEntries: string[], serverDir: string, workerDir: string): string[] {
  const inWorker = (file: string) => file.startsWith(workerDir + path.sep);
  const serverSide = reached(serverEntries, inWorker);
  const workerSide = reached(workerEntries, () => false);
  return [...workerSide].filter((file) => file.startsWith(serverDir + path.sep) && !serverSide.has(file)).map((file) => path.relative(root, file));
}

const tsFilesIn = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));

describe('worker-only code', () => {
  it('lives in worker/: nothing under server/ is run by the worker alone', () => {
    const serverEntries = [path.join(root, 'server/app.ts'), path.join(root, 'server/main.ts'), ...tsFilesIn(path.join(root, 'scripts'))];
    const workerEntries = tsFilesIn(path.join(root, 'worker'));
    expect(workerEntries.length).toBeGreaterThan(2);
    expect(workerOnlyFiles(serverEntries, workerEntries, path.join(root, 'server'), path.join(root, 'worker'))).toEqual([]);
  });

  it('finds a server file that only the worker imports', () => {
    const dir = fs.mkdtempSync(path.join(root, 'tests/unit/.worker-only-'));
    try {
      for (const sub of ['server', 'worker']) fs.mkdirSync(path.join(dir, sub));
      fs.writeFileSync(path.join(dir, 'server/app.ts'), "import { shared } from './shared.ts';\nexport const app = shared;\n");
      fs.writeFileSync(path.join(dir, 'server/shared.ts'), 'export const shared = 1;\n');
      fs.writeFileSync(path.join(dir, 'server/sweep.ts'), 'export const sweep = 2;\n');
      fs.writeFileSync(
        path.join(dir, 'worker/main.ts'),
        "import { shared } from '../server/shared.ts';\nimport { sweep } from '../server/sweep.ts';\nexport const run = shared + sweep;\n",
      );
      const found = workerOnlyFiles([path.join(dir, 'server/app.ts')], [path.join(dir, 'worker/main.ts')], path.join(dir, 'server'), path.join(dir, 'worker'));
      expect(found).toEqual([path.relative(root, path.join(dir, 'server/sweep.ts'))]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
