import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` checks every package's engines against the Node.js that runs npm (the machine's,
 * not the one the `node` devDependency pins for the scripts), and warns for each it does not
 * satisfy. The project's own engines must claim exactly the versions that install cleanly.
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..');
const semver = createRequire(path.join(root, 'package.json'))('semver') as { satisfies(version: string, range: string): boolean };
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}
const locked = (JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> }).packages;

/** The packages npm installs on this machine (platform packages for other systems are skipped). */
const installed = Object.entries(locked).filter(
  ([name, pkg]) => name !== '' && (!pkg.os || pkg.os.includes(process.platform)) && (!pkg.cpu || pkg.cpu.includes(process.arch)),
);

function packagesWarnedAbout(nodeVersion: string): string[] {
  return installed
    .filter(([, pkg]) => pkg.engines?.node && !semver.satisfies(nodeVersion, pkg.engines.node))
    .map(([name, pkg]) => `${name.replace(/^.*node_modules\//, '')} (${pkg.engines!.node})`);
}

const NODE_VERSIONS = [
  '18.20.8',
  '20.17.0',
  '20.20.2',
  '22.12.0',
  '22.17.1',
  '22.18.0',
  '22.22.0',
  '23.11.1',
  '24.0.0',
  '24.21.0',
  '25.2.1',
  '26.0.0',
  '27.1.0',
];

describe('the supported Node.js versions (package.json engines)', () => {
  it.each(NODE_VERSIONS)('claim Node.js %s exactly when npm ci installs every package on it without an engine warning', (version) => {
    const warnings = packagesWarnedAbout(version);
    expect(
      semver.satisfies(version, manifest.engines.node),
      `engines "${manifest.engines.node}"; npm would warn about: ${warnings.join(', ') || 'nothing'}`,
    ).toBe(warnings.length === 0);
  });

  it('include the Node.js that the npm scripts run on', () => {
    const pinned = locked['node_modules/node']?.version;
    expect(pinned).toBeDefined();
    expect(semver.satisfies(pinned!, manifest.engines.node)).toBe(true);
  });

  it('are the ones the README names', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('### System packages'));
    expect(quickStart).toContain('Node.js 22.18');
    expect(quickStart).toContain(`\`${manifest.engines.node}\``);
  });
});
