import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuShares, formatCpuStretches, localDatabasePort, postgresCpuMs, type CpuReading } from '../../../scripts/bench/machine-cpu.ts';

const cores = os.cpus().length;
const reading = (at: number, server: number, database: number, driver: number, machine: number): CpuReading => ({ at, server, database, driver, machine });

describe("the bench's CPU split", () => {
  it('gives each one its share of the cores, and what none of them used to other processes', () => {
    // 1 s on every core: the server used a tenth of the capacity, PostgreSQL a fifth, the load generator a twentieth, and the machine half.
    const capacity = 1000 * cores;
    const shares = cpuShares(reading(0, 0, 0, 0, 0), reading(1000, capacity * 0.1, capacity * 0.2, capacity * 0.05, capacity * 0.5));
    expect(shares.server).toBeCloseTo(10);
    expect(shares.database).toBeCloseTo(20);
    expect(shares.driver).toBeCloseTo(5);
    expect(shares.other).toBeCloseTo(15);
    expect(shares.idle).toBeCloseTo(50);
  });

  it('prints one split per stretch between readings', () => {
    const capacity = 1000 * cores;
    const line = formatCpuStretches([
      reading(0, 0, 0, 0, 0),
      reading(1000, capacity * 0.3, capacity * 0.2, capacity * 0.1, capacity * 0.7),
      reading(2000, capacity * 0.3, capacity * 0.2, capacity * 0.1, capacity * 0.7),
    ]);
    expect(line).toBe('30/20/10/10/30 0/0/0/0/100');
  });

  it('measures only a PostgreSQL running on this machine', () => {
    expect(localDatabasePort('postgres://u:p@127.0.0.1:5544/db')).toBe('5544');
    expect(localDatabasePort('postgres://u:p@localhost/db')).toBe('5432');
    expect(localDatabasePort('postgres://u:p@db.example.com:5544/db')).toBe('');
    expect(postgresCpuMs('')).toBeNaN();
  });
});
