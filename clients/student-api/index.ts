import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

export type { components, paths };

/** The body of every failure (4xx and 5xx): a message to show, and a `type` to branch on. */
export type ApiError = components['schemas']['Error'];

export type StudentApi = Client<paths>;

export interface StudentApiOptions {
  /** The server's origin, e.g. https://psc.example.in (the paths start with /api). */
  baseUrl: string;
  /** The student's access token, sent as `Authorization: Bearer <token>`; a function when it changes (signed in later, renewed). */
  token?: string | (() => string | null | undefined);
  /** Another fetch (tests, React Native polyfills); the global one by default. */
  fetch?: ClientOptions['fetch'];
}

/** Adds `Authorization: Bearer <token>` to every request while a token is set. */
export function bearerToken(token: NonNullable<StudentApiOptions['token']>): Middleware {
  return {
    onRequest({ request }) {
      const current = typeof token === 'function' ? token() : token;
      if (current) request.headers.set('Authorization', `Bearer ${current}`);
      return request;
    },
  };
}

/**
 * A typed client of the student API: `api.GET('/api/student/courses', { params: { query: { page: 1 } } })`
 * answers `{ data, error, response }`, with `data` typed from the API document on success and `error`
 * the one error shape otherwise.
 */
export function createStudentApi(options: StudentApiOptions): StudentApi {
  const api = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.token !== undefined) api.use(bearerToken(options.token));
  return api;
}

/** A failed call: its HTTP status and the error body. */
export class StudentApiError extends Error {
  readonly status: number;
  readonly body: ApiError | undefined;
  constructor(status: number, body: ApiError | undefined) {
    super(body?.message ?? `The server answered ${status}`);
    this.name = 'StudentApiError';
    this.status = status;
    this.body = body;
  }
}

/** The data of a successful call, or a StudentApiError thrown for a failed one: `const courses = await must(api.GET(...))`. */
export async function must<Data>(call: Promise<{ data?: Data; error?: unknown; response: Response }>): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw new StudentApiError(response.status, isApiError(error) ? error : undefined);
  // Only an answer without a body (204) has no data; its type then says so.
  return data as Data;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}
