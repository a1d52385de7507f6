import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from './build-document.ts';

/** More warnings than this fail the lint, as an error does. */
export const MAX_WARNINGS = 10;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LintOutcome {
  errors: number;
  warnings: number;
  report: string;
}

/** Lints the document the server answers at /api/openapi.json with redocly.yaml's rules. */
export async function lintOpenApiDocument(): Promise<LintOutcome> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'psc-openapi-lint-'));
  try {
    const file = path.join(directory, 'openapi.json');
    writeFileSync(file, JSON.stringify(await buildOpenApiDocument(), null, 2));
    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--config',
        path.join(root, 'redocly.yaml'),
        '--format',
        'stylish',
        '--max-problems',
        '1000',
      ],
      { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    const report = `${run.stdout}${run.stderr}`;
    const count = (level: string) => report.split('\n').filter((line) => new RegExp(`^\\s+\\d+:\\d+\\s+${level}\\s`).test(line)).length;
    const errors = count('error');
    if (run.status !== 0 && errors === 0) throw new Error(`redocly lint failed:\n${report}`);
    return { errors, warnings: count('warning'), report };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { errors, warnings, report } = await lintOpenApiDocument();
  console.log(report.trim());
  console.log(`OpenAPI document: ${errors} errors, ${warnings} warnings (at most ${MAX_WARNINGS} allowed).`);
  if (errors > 0 || warnings > MAX_WARNINGS) process.exitCode = 1;
}
