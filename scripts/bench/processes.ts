import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Benchmark targets run in their own processes, so that the load generator does not share their event loop. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The Node flags `npm start` gives the server (package.json), which the targets run with too. */
export function productNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const [node, ...words] = scripts.start!.split(' ');
  if (node !== 'node') throw new Error(`npm start does not run node: ${scripts.start}`);
  return words.filter((word) => word.startsWith('--'));
}

export async function startTarget(
  kind: string,
  databaseUrl: string,
  userId: string,
  env: Record<string, string> = {},
): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_CPU_PROFILE_DIR: each target writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROFILE_DIR] : [];
  // The product's own Node flags (as `npm start` runs it), then BENCH_TARGET_NODE_FLAGS: more of
  // Node's and V8's flags for every target (e.g. --max-semi-space-size=64).
  const flags = [...productNodeFlags(), ...(process.env.BENCH_TARGET_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...flags, ...profile, path.join(root, 'scripts/bench/target.ts'), kind, String(port), databaseUrl, userId], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_TARGET_ENV: JSON.stringify(env) },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
  });
  return { port, child };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}
