import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Vite from 'vite';

/** `npm start`: builds the console when its sources are newer than the build, then runs the server. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'client', 'index.html');

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () =>
  Math.max(newestChange(path.join(root, 'client')), newestChange(path.join(root, 'shared'))) >
  statSync(builtIndex).mtimeMs;

if (!process.env.CONSOLE_DIST_DIR && (!existsSync(builtIndex) || sourcesChanged())) {
  let vite: typeof Vite;
  try {
    vite = await import('vite');
  } catch {
    console.error('The console is not built and Vite is not installed. Run `npm ci` (with dev dependencies), then `npm run build`.');
    process.exit(1);
  }
  console.log('Building the admin console...');
  await vite.build({ configFile: path.join(root, 'client', 'vite.config.ts'), logLevel: 'warn' });
}

await import('../server/main.ts');
