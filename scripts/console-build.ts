import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Vite from 'vite';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultConsoleDir = path.join(projectRoot, 'dist', 'client');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the console in outDir is missing or older than its sources (client/ and shared/). */
export function consoleIsStale(outDir = defaultConsoleDir): boolean {
  const index = path.join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const sources = Math.max(newestChange(path.join(projectRoot, 'client')), newestChange(path.join(projectRoot, 'shared')));
  return sources > statSync(index).mtimeMs;
}

/** Builds the console with Vite into outDir. */
export async function buildConsole(outDir = defaultConsoleDir): Promise<void> {
  let vite: typeof Vite;
  try {
    vite = await import('vite');
  } catch {
    throw new Error('The console is not built and Vite is not installed. Run `npm ci` (with dev dependencies), then `npm run build`.');
  }
  // Vite's build sets NODE_ENV=production in this process; what runs next must see the operator's value.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await vite.build({
      configFile: path.join(projectRoot, 'client', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
