import { ConfigError } from '../../server/config.ts';

/** The lines of the ConfigError that `fn` throws, or none when it throws nothing. */
export function configErrorLines(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
}
