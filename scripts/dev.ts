import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/**
 * `npm run dev`: the server restarted on every change (node --watch) and Vite's dev
 * server with hot reload, which forwards /api and /trpc to the server.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = Number(process.env.PORT ?? 3000);

const server = spawn(process.execPath, ['--watch-path=server', '--watch-path=shared', '--watch-path=worker', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PORT: String(apiPort), NODE_ENV: process.env.NODE_ENV ?? 'development' },
});

const vite = await createServer({ configFile: path.join(root, 'client', 'vite.config.ts') });
await vite.listen();
vite.printUrls();
console.log(`  API server on http://127.0.0.1:${apiPort} (restarts on change)`);

const stop = async () => {
  await vite.close();
  server.kill('SIGTERM');
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => process.exit(code ?? 0));
