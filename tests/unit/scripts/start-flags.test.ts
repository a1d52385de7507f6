import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productNodeFlags } from '../../../scripts/bench/processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The flags Node is given before the script, in a command such as `node --flag script.ts`. */
function nodeFlags(command: string[]): string[] {
  expect(command[0]).toBe('node');
  return command.slice(1).filter((word) => word.startsWith('--'));
}

describe("the server's start commands", () => {
  it('run Node without the memory reducer, in npm start and in the Docker image alike', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const start = nodeFlags(scripts.start!.split(' '));
    const cmdLine = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('CMD '))
      .at(-1)!;
    const docker = nodeFlags(JSON.parse(cmdLine.slice('CMD '.length)) as string[]);
    expect(start).toContain('--no-memory-reducer');
    expect(docker).toEqual(start);
  });

  it('are the flags the benchmarks run their server with', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(productNodeFlags()).toEqual(nodeFlags(scripts.start!.split(' ')));
    expect(productNodeFlags()).toContain('--no-memory-reducer');
  });
});
