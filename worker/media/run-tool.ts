import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import { MediaProcessError, MediaToolMissingError, abortError } from './media.errors.ts';

export interface RunToolOptions {
  /** The name used in messages, e.g. "ffmpeg". */
  tool: string;
  command: string;
  args: string[];
  signal?: AbortSignal | undefined;
  /** Called with each complete line the tool prints on stdout. */
  onStdoutLine?: ((line: string) => void) | undefined;
  /** Keep stdout and return it (ffprobe's JSON); off for ffmpeg, whose stdout is progress. */
  collectStdout?: boolean;
  /** Called once the process is running, with its pid. */
  onStart?: ((pid: number) => void) | undefined;
  /** Nice value to run at (0 normal, 19 lowest): work that should only use CPU nothing else wants. */
  niceness?: number | undefined;
}

export interface ToolResult {
  stdout: string;
  stderr: string;
}

/** Enough of stderr to explain a failure, without holding a long run's warnings in memory. */
const STDERR_KEEP_CHARS = 16_000;
const STDOUT_MAX_CHARS = 8_000_000;

/** The last lines of a tool's stderr, for an error message. */
export function lastLines(text: string, count = 8): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter(Boolean)
    .slice(-count)
    .join('\n');
}

/**
 * On Linux, util-linux's setpriv starts the tool with a "parent death signal": if this process
 * dies (killed, out of memory), the kernel kills the tool too, instead of leaving an ffmpeg
 * encoding for nobody. Elsewhere, or without setpriv, the tool is started directly.
 */
const SETPRIV = '/usr/bin/setpriv';
let setprivUsable: boolean | undefined;
function withParentDeathSignal(command: string, args: string[]): { command: string; args: string[]; wrapped: boolean } {
  if (setprivUsable === undefined) {
    try {
      accessSync(SETPRIV, constants.X_OK);
      setprivUsable = process.platform === 'linux';
    } catch {
      setprivUsable = false;
    }
  }
  return setprivUsable ? { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', command, ...args], wrapped: true } : { command, args, wrapped: false };
}

/** setpriv's exit codes when it could not start the tool (not found, not executable). */
const WRAPPED_START_FAILURES: Record<number, string> = { 127: 'ENOENT', 126: 'EACCES' };

/**
 * Runs a tool to completion. Aborting the signal kills it with SIGKILL and rejects only
 * once the process is gone, so a caller that catches the rejection leaves nothing running.
 * A non-zero exit rejects with MediaProcessError carrying the last lines of stderr;
 * a binary that cannot be started rejects with MediaToolMissingError.
 */
export function runTool(options: RunToolOptions): Promise<ToolResult> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<ToolResult>((resolve, reject) => {
    const started = withParentDeathSignal(options.command, options.args);
    const child = spawn(started.command, started.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let pending = '';
    let spawnError: NodeJS.ErrnoException | undefined;
    let aborted = false;

    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.once('spawn', () => {
      if (child.pid === undefined) return;
      if (options.niceness) {
        try {
          os.setPriority(child.pid, options.niceness);
        } catch {
          // Lowering a child's priority is always allowed on Linux; elsewhere it merely runs at normal priority.
        }
      }
      options.onStart?.(child.pid);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.collectStdout && stdout.length < STDOUT_MAX_CHARS) stdout += chunk;
      if (options.onStdoutLine) {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) options.onStdoutLine(line.trimEnd());
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP_CHARS * 2) stderr = stderr.slice(-STDERR_KEEP_CHARS);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      // 'close' still follows when the process had started; when it had not, it may not.
      spawnError = error;
      if (child.pid === undefined) finish(null, null);
    });
    child.once('close', (code, killedBy) => finish(code, killedBy));

    let finished = false;
    function finish(code: number | null, killedBy: NodeJS.Signals | null): void {
      if (finished) return;
      finished = true;
      signal?.removeEventListener('abort', onAbort);
      if (pending && options.onStdoutLine) options.onStdoutLine(pending.trimEnd());
      if (aborted && signal) return reject(abortError(signal));
      if (spawnError) {
        if (spawnError.code === 'ENOENT' || spawnError.code === 'EACCES') {
          return reject(
            new MediaToolMissingError(
              options.tool,
              `${options.tool} could not be started (${options.command}: ${spawnError.code}): install it or fix its path setting`,
            ),
          );
        }
        return reject(new MediaProcessError(`${options.tool} could not be started: ${spawnError.message}`));
      }
      if (code === 0) return resolve({ stdout, stderr });
      const startFailure = started.wrapped && code !== null ? WRAPPED_START_FAILURES[code] : undefined;
      if (startFailure && stderr.includes('setpriv: failed to execute')) {
        return reject(
          new MediaToolMissingError(
            options.tool,
            `${options.tool} could not be started (${options.command}: ${startFailure}): install it or fix its path setting`,
          ),
        );
      }
      const tail = lastLines(stderr);
      const how = killedBy ? `was stopped by ${killedBy}` : `failed with exit code ${code}`;
      reject(new MediaProcessError(`${options.tool} ${how}${tail ? `:\n${tail}` : ''}`, { exitCode: code, stderrTail: tail }));
    }
  });
}
