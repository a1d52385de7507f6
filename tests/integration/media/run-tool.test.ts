import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runTool } from '../../../worker/media/run-tool.ts';
import { MediaToolMissingError } from '../../../worker/media/media.errors.ts';
import { waitFor } from '../../support/mail-catcher.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('runTool', () => {
  it.runIf(process.platform === 'linux')('leaves no tool running when the process that started it is killed', async () => {
    // A process that starts a long-running tool, says its pid, and is then killed without a chance to clean up.
    const script = `
      import { runTool } from ${JSON.stringify(path.join(root, 'worker/media/run-tool.ts'))};
      void runTool({ tool: 'sleep', command: 'sleep', args: ['600'], onStart: (pid) => console.log('tool ' + pid) });`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const toolPid = await new Promise<number>((resolve) => {
      parent.stdout!.on('data', (chunk: Buffer) => {
        const match = /tool (\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
    });
    expect(isRunning(toolPid)).toBe(true);
    parent.kill('SIGKILL');
    await waitFor(() => (isRunning(toolPid) ? undefined : true), 20_000);
  });

  it('says a tool that cannot be found is missing', async () => {
    await expect(runTool({ tool: 'ffmpeg', command: '/nonexistent/ffmpeg', args: [] })).rejects.toBeInstanceOf(MediaToolMissingError);
    await expect(runTool({ tool: 'ffmpeg', command: '/nonexistent/ffmpeg', args: [] })).rejects.toThrow(
      'ffmpeg could not be started (/nonexistent/ffmpeg: ENOENT): install it or fix its path setting',
    );
  });
});
