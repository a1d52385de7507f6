import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

/**
 * `npm run dev`: the server restarted on every change (node --watch) and Vite's dev
 * server with hot reload, which forwards /api and /trpc to the server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 3000);

const server = spawn(process.execPath, ['--watch-path=server', '--watch-path=shared', '--watch-path=worker', 'server/main.ts'], {
  cwd: root,
  // A process group of its own: Ctrl-C in the terminal reaches the server once, passed on by
  // this script and node --watch. Reaching it straight from the terminal too, it would take
  // the second signal as "stop without waiting" and leave PostgreSQL running.
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, PORT: String(apiPort), NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
server.on('exit', (code) => process.exit(code ?? 0));
// However this script ends, the server does not outlive it.
process.on('exit', () => server.kill('SIGTERM'));

let vite: ViteDevServer | undefined = undefined;
const stop = (signal: NodeJS.Signals) => {
  // A second Ctrl-C is passed on too: the server then stops without waiting.
  server.kill(signal);
  void vite?.close();
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

vite = await createServer({ configFile: path.join(root, 'client', 'vite.config.ts') });
await vite.listen();
vite.printUrls();
console.log(`  API server on http://127.0.0.1:${apiPort} (restarts on change)`);
