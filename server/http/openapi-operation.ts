/**
 * What the OpenAPI document says of every operation, decided in one place: its operationId, who may
 * call it (security) and what each documented status means.
 */

/** Every operation that needs a session takes either the console's cookie or an app's bearer token. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'psc_session', description: 'The session cookie set by sign-in (the console and web apps).' },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'A session token for native apps from `POST /api/auth/token`, sent as `Authorization: Bearer <token>`.',
  },
} as const;

/** What a status means when the route does not say more. */
export const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'Done',
  201: 'Created',
  204: 'Done, nothing to answer',
  206: 'Part of the file (an HTTP Range request)',
  304: 'Not modified: the copy whose ETag was sent in If-None-Match is current',
  400: 'The input is wrong: `field` and `issues` name what',
  401: 'No session, or it has ended',
  403: "The caller's role does not allow this",
  404: 'Not found, or not the caller’s to see',
  405: 'The path exists but not with this method (`Allow` lists the methods)',
  409: 'It conflicts with what is stored (a save from an older copy answers `stale`)',
  413: 'The body or a file is larger than allowed',
  415: 'The content type or the kind of file is not accepted',
  416: 'The Range asked for lies outside the file',
  423: 'The upload is still being written',
  429: 'Too many requests: wait for the seconds `retry-after` gives',
  500: 'An unexpected failure (logged); the message says nothing more',
  501: 'Not configured on this server',
  503: 'A service it needs is unavailable; try again later',
};

/** The segment of a path that names a parameter: `:id` (Fastify) or `{id}` (OpenAPI). */
function parameterName(segment: string): string | null {
  if (segment === '*') return 'path';
  const fastify = /^:([A-Za-z0-9_]+)$/.exec(segment);
  if (fastify) return fastify[1]!;
  const openapi = /^\{([A-Za-z0-9_*]+)\}$/.exec(segment);
  if (openapi) return openapi[1] === '*' ? 'path' : openapi[1]!;
  return null;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** `current-affairs` → `CurrentAffairs`, `poster.jpg` → `PosterJpg`, `queueAndS3` → `QueueAndS3`. */
function pascalCase(segment: string): string {
  return segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalize)
    .join('');
}

/** The one of a collection a parameter picks: `courses/{id}` is a course, `replies/{id}` a reply. */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * An operationId from the method and path, e.g. GET /api/student/courses/{courseId} →
 * `getStudentCourse`, POST /api/student/orders/{id}/verify → `postStudentOrderVerify`. A parameter
 * makes the word before it singular; where that changes nothing (`lecture/{id}`, or a parameter after
 * a parameter) the parameter's own name is added (`getAdminLectureById`), so the list and the item
 * never share an id. The leading `api` is left out.
 */
export function operationIdFor(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api') segments.shift();
  const words: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const parameter = parameterName(segment);
    if (parameter === null) {
      words.push(pascalCase(segment));
      continue;
    }
    const previous = index > 0 && parameterName(segments[index - 1]!) === null ? segments[index - 1]! : null;
    const previousWord = previous === null ? null : pascalCase(singular(previous));
    if (previous !== null && previousWord !== pascalCase(previous)) words[words.length - 1] = previousWord!;
    else words.push(`By${pascalCase(parameter)}`);
  }
  return method.toLowerCase() + words.join('');
}

/** Fastify's wildcard `*` is documented as the parameter `path` (it may hold slashes). */
export function documentedUrl(url: string): string {
  return url.replace(/\/\*$/, '/:path');
}
