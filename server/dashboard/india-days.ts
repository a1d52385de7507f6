/** India has one offset all year (UTC+5:30, no daylight saving). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The instant India's day began `daysBack` days before the day of `now`. */
export function indiaDayStart(now: Date, daysBack = 0): Date {
  const indiaMidnight = Math.floor((now.getTime() + INDIA_OFFSET_MS) / DAY_MS) * DAY_MS;
  return new Date(indiaMidnight - daysBack * DAY_MS - INDIA_OFFSET_MS);
}

/** The day in India of an instant, YYYY-MM-DD. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The last `count` days in India up to the day of `now`, oldest first. */
export function lastIndiaDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) => indiaDay(indiaDayStart(now, count - 1 - index)));
}
