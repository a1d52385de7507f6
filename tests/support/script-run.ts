import { spawn, type ChildProcess } from 'node:child_process';

/** A script of the project run in a child process (`node <script>`), with what it writes collected. */
export interface ScriptRun {
  child: ChildProcess;
  /** stdout and stderr as they arrived, interleaved. */
  output(): string;
  stdout(): string;
  stderr(): string;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Resolves once the output includes `text`; throws with the output once `timeoutMs` passed or the process ended first. */
  waitFor(text: string, timeoutMs: number, what: string): Promise<void>;
}

/**
 * Starts `script` as the project's start scripts do: in development on the embedded database kept
 * in `dataDir`, logging at info, with `env` over that and `options.args` after the script.
 */
export function runScript(script: string, dataDir: string, env: Record<string, string>, options: { detached?: boolean; args?: string[] } = {}): ScriptRun {
  const child = spawn(process.execPath, [script, ...(options.args ?? [])], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development', DATABASE_URL: '', ...env },
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => ((output += chunk.toString()), (stdout += chunk.toString())));
  child.stderr!.on('data', (chunk: Buffer) => ((output += chunk.toString()), (stderr += chunk.toString())));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    async waitFor(text, timeoutMs, what) {
      const deadline = Date.now() + timeoutMs;
      while (!output.includes(text)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${what} did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
