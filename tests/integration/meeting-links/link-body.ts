import { UNKNOWN_ID } from '../../support/ids.ts';

export const HOUR = 3_600_000;
export const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
export const MISSING_ID = UNKNOWN_ID;

let counter = 0;
/** The body of a new meeting link with a title and address of its own, from an hour from now to two hours from now unless overridden. */
export const linkBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: `Live class ${++counter}`,
  url: `https://meet.example.com/class-${counter}`,
  startDate: inHours(1),
  endDate: inHours(2),
  ...overrides,
});
