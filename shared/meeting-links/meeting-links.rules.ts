/**
 * What a meeting link must be for a student's app to open it: an http(s) web address, and a time
 * window that starts before it ends and has not ended yet. Pure rules, used by the schema (every
 * caller) and by the service (the clock).
 */

export const MEETING_LINK_MESSAGES = {
  titleRequired: 'Please provide a name for the meeting link',
  titleTooLong: 'The name can be at most 200 characters long',
  urlRequired: 'Please provide the meeting URL',
  urlNotWeb: 'The URL must be a web address that starts with http:// or https://',
  urlTooLong: 'The URL can be at most 2,048 characters long',
  urlHasCredentials: 'The URL must not carry a user name or password (nothing before an @ in the address)',
  urlInvisible: 'The URL contains invisible characters: copy it again from the browser’s address bar',
  startRequired: 'Please choose a start date',
  startInvalid: 'The start date is not a date and time (send an ISO 8601 time with its zone, or milliseconds since 1970)',
  endRequired: 'Please choose an end date',
  endInvalid: 'The end date is not a date and time (send an ISO 8601 time with its zone, or milliseconds since 1970)',
  endNotAfterStart: 'The end date must be after the start date',
  endPassed: 'The end date has already passed: no student would ever see this link',
  notFound: 'Meeting link not found',
  coursesNotList: 'courseIds must be a list of course ids',
  courseNotFound: 'A chosen course was not found (deleted, or not a course id): choose the courses again',
  tooManyCourses: 'A meeting link can belong to at most 20 courses',
  requestIdInvalid: 'requestId must be a UUID (one per Add Url form)',
} as const;

export const MEETING_LINK_LIMITS = { title: 200, url: 2048, courses: 20 } as const;
/** The years a meeting may fall in: anything else is a typing slip (year 0202, 20266). */
export const MEETING_YEARS = { first: 2000, last: 2100 } as const;

/** Why a URL cannot be opened by the app, or null when it can. */
export function meetingUrlProblem(text: string): string | null {
  const url = text.trim();
  if (url === '') return MEETING_LINK_MESSAGES.urlRequired;
  if (url.length > MEETING_LINK_LIMITS.url) return MEETING_LINK_MESSAGES.urlTooLong;
  // Direction overrides and zero-width characters make an address read as another one.
  if (/[\p{Cc}\p{Cf}]/u.test(url)) return MEETING_LINK_MESSAGES.urlInvisible;
  // The host must follow the slashes as written: URL() would read https:///path as the host "path".
  if (!/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(url)) return MEETING_LINK_MESSAGES.urlNotWeb;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MEETING_LINK_MESSAGES.urlNotWeb;
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') return MEETING_LINK_MESSAGES.urlNotWeb;
  // https://meet.google.com@example.com opens example.com: a lookalike students would trust.
  if (parsed.username !== '' || parsed.password !== '') return MEETING_LINK_MESSAGES.urlHasCredentials;
  return null;
}

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** The written day and time exist (no 31 February, no 25 o'clock): the time read back in its own zone is the one written. */
function isOnCalendar(text: string, at: Date): boolean {
  if (Number.isNaN(at.getTime())) return false;
  const zone = /(Z|([+-])(\d{2}):(\d{2}))$/i.exec(text);
  const offsetMinutes = !zone || zone[1]!.toUpperCase() === 'Z' ? 0 : (zone[2] === '-' ? -1 : 1) * (Number(zone[3]) * 60 + Number(zone[4]));
  const local = new Date(at.getTime() + offsetMinutes * 60_000).toISOString();
  return local.slice(0, 16) === text.slice(0, 16);
}

/**
 * A meeting time as the console and the apps send it: an ISO 8601 date-time with its zone
 * ("2026-11-26T19:30:00+05:30", "…Z") or milliseconds since 1970. A time without a zone is
 * refused: the server cannot know whose evening it meant.
 */
export function parseMeetingTime(value: unknown): Date | 'missing' | 'invalid' {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 'missing';
  let at: Date;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'invalid';
    at = new Date(value);
  } else if (typeof value === 'string' && ISO_WITH_ZONE.test(value.trim())) {
    at = new Date(value.trim());
    if (!isOnCalendar(value.trim(), at)) return 'invalid';
  } else {
    return 'invalid';
  }
  if (Number.isNaN(at.getTime())) return 'invalid';
  const year = at.getUTCFullYear();
  return year < MEETING_YEARS.first || year > MEETING_YEARS.last ? 'invalid' : at;
}

/**
 * The problem with a meeting's window, or null: it must end after it starts, and not have ended
 * already. A saved link whose window is left as it was may have ended (staff still set its courses).
 */
export function meetingWindowProblem(start: Date, end: Date, now: Date, stored?: { start: Date; end: Date }): { field: 'endDate'; message: string } | null {
  if (end.getTime() <= start.getTime()) return { field: 'endDate', message: MEETING_LINK_MESSAGES.endNotAfterStart };
  const unchanged = stored !== undefined && stored.start.getTime() === start.getTime() && stored.end.getTime() === end.getTime();
  if (!unchanged && end.getTime() <= now.getTime()) return { field: 'endDate', message: MEETING_LINK_MESSAGES.endPassed };
  return null;
}

/** Each course once, in the order first given. */
export function distinctCourseIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** A link students see now: switched on, started, not ended. */
export function isMeetingLive(link: { isActive: boolean; startDate: Date; endDate: Date }, now: Date): boolean {
  return link.isActive && link.startDate.getTime() <= now.getTime() && now.getTime() <= link.endDate.getTime();
}
