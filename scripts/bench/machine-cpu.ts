import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { cpuMs } from './processes.ts';

/** CPU time every process on the machine used so far (ms), from /proc/stat: what else ran shows next to the bench's own. */
export function machineBusyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks as number[];
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}

/** The port of a database URL when its postmaster runs on this machine (started with `-p <port>`), else ''. */
export function localDatabasePort(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) ? url.port || '5432' : '';
}

/**
 * CPU time of the PostgreSQL listening on `port`, from /proc (Linux): its postmaster's, its
 * children's (the connections, background writers), and the postmaster's ended children's
 * (autovacuum workers and closed connections come and go). Other clusters on the machine do not
 * count. NaN when the database is not a postmaster on this machine started with `-p <port>`.
 */
export function postgresCpuMs(port: string): number {
  const processes: Array<{ pid: number; parent: number; own: number; ended: number; command: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/comm`, 'utf8').startsWith('postgres')) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      processes.push({
        pid: Number(entry),
        parent: Number(fields[1]),
        own: Number(fields[11]) + Number(fields[12]),
        ended: Number(fields[13]) + Number(fields[14]),
        command: readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  const postmaster = processes.find((p) => port !== '' && new RegExp(`(^| )-p ${port}( |$)`).test(p.command));
  if (!postmaster) return Number.NaN;
  const ticks = processes.filter((p) => p.parent === postmaster.pid).reduce((sum, p) => sum + p.own, postmaster.own + postmaster.ended);
  return (ticks * 1000) / 100;
}

/** CPU used so far (ms) by the server, the database, this load generator (all its threads) and the whole machine. */
export interface CpuReading {
  at: number;
  server: number;
  database: number;
  driver: number;
  machine: number;
}

export function readCpu(serverPid: number | undefined, databasePort: string): CpuReading {
  const driver = process.cpuUsage();
  return {
    at: performance.now(),
    server: cpuMs(serverPid),
    database: postgresCpuMs(databasePort),
    driver: (driver.user + driver.system) / 1000,
    machine: machineBusyMs(),
  };
}

/** Each one's share of the machine's cores between two readings, in percent; `other` is what none of them used. */
export function cpuShares(from: CpuReading, to: CpuReading): { server: number; database: number; driver: number; other: number; idle: number } {
  const capacity = (to.at - from.at) * os.cpus().length;
  const server = to.server - from.server;
  const database = to.database - from.database;
  const driver = to.driver - from.driver;
  const busy = to.machine - from.machine;
  const percent = (ms: number) => (Math.max(0, ms) / capacity) * 100;
  return {
    server: percent(server),
    database: percent(database),
    driver: percent(driver),
    other: percent(busy - server - database - driver),
    idle: percent(capacity - busy),
  };
}

/**
 * Readings every `everyMs` from now until stopped: a slow stretch of the run then shows whether the
 * machine was saturated, and by whom (the server, PostgreSQL, the load generator or another process).
 */
export function sampleCpuEvery(everyMs: number, read: () => CpuReading): { first: CpuReading; stop: () => CpuReading[] } {
  const readings = [read()];
  const timer = setInterval(() => readings.push(read()), everyMs);
  return {
    first: readings[0]!,
    stop: () => {
      clearInterval(timer);
      readings.push(read());
      return readings;
    },
  };
}

/** One line per stretch between readings: `server/PostgreSQL/load generator/other/idle` in percent of the cores. */
export function formatCpuStretches(readings: CpuReading[]): string {
  const parts: string[] = [];
  for (let i = 1; i < readings.length; i++) {
    const s = cpuShares(readings[i - 1]!, readings[i]!);
    parts.push([s.server, s.database, s.driver, s.other, s.idle].map((n) => n.toFixed(0)).join('/'));
  }
  return parts.join(' ');
}
