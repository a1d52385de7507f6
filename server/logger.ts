import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';

export type LogFormat = 'json' | 'pretty';

/**
 * Readable lines for a person at a terminal; JSON lines, one object each, for everything
 * that reads logs by program (a process manager, a log shipper) and always in production.
 * LOG_FORMAT overrides the guess either way.
 */
export function chooseLogFormat(input: { setting?: LogFormat; isTTY: boolean | undefined; nodeEnv: string }): LogFormat {
  if (input.setting) return input.setting;
  return input.isTTY === true && input.nodeEnv !== 'production' ? 'pretty' : 'json';
}

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

/** One line per message: its component, the message, and for an HTTP request what was asked and answered. */
function readableMessage(entry: Record<string, unknown>, messageKey: string): string {
  const parts: string[] = [];
  if (typeof entry.component === 'string') parts.push(`[${entry.component}]`);
  parts.push(String(entry[messageKey] ?? ''));
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(`${res.statusCode}${typeof entry.responseTime === 'number' ? ` in ${Math.round(entry.responseTime)} ms` : ''}`);
  if (typeof entry.reqId === 'string') parts.push(`(${entry.reqId})`);
  return parts.join(' ');
}

/**
 * The process's logger. Both formats write synchronously, so log lines and what the process
 * prints itself (the start banner) appear in the order they happened.
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT' | 'NODE_ENV'>, name: string, destination?: NodeJS.WritableStream): Logger {
  const options = { name, level: config.LOG_LEVEL, redact: REDACT };
  const format = chooseLogFormat({ setting: config.LOG_FORMAT, isTTY: process.stdout.isTTY, nodeEnv: config.NODE_ENV });
  if (format === 'json') return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    options,
    pretty({
      destination: destination ?? 1,
      sync: true,
      // Colours only on the process's own terminal (colorette also honours NO_COLOR and FORCE_COLOR).
      colorize: destination ? false : pretty.isColorSupported,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,component,reqId,req,res,responseTime',
      messageFormat: readableMessage,
      // Other fields follow on the same line; only an error's stack takes more.
      singleLine: true,
    }),
  );
}
