import type { JsonText } from '../http/json-text.ts';
import { outsideRequestScope } from '../db/query-scope.ts';

/**
 * The student apps read a course far more often than staff change it, and what they read is the
 * same for everyone but for who may watch what. The course's body is built once and kept here for a
 * few seconds, with its JSON for the two common cases (a student who holds the course, and one who
 * holds nothing in it beyond its free lectures); a save in this process drops it at once, and other
 * processes see a change within the lifetime below.
 */
export const STUDENT_COURSE_CACHE_SECONDS = 5;
const MAX_COURSES = 500;

export interface CachedCourse<Body> {
  body: Body;
  /** Lectures anyone may watch (free, or no rate card). */
  freeLectureIds: ReadonlySet<string>;
  lectureIds: readonly string[];
  /** Serialized answers by case: 'holder' or 'free-only', and why the course is free to the reader ('paid' when it is not), e.g. 'holder:lakshya-students'. */
  json: Map<string, JsonText>;
}

const entries = new Map<string, { expiresAt: number; value: Promise<CachedCourse<unknown>> }>();

/** The cached course, or the one `build` makes (one build at a time per course, however many ask). */
export function cachedCourse<Body>(courseId: string, build: () => Promise<CachedCourse<Body> | undefined>, now = Date.now()): Promise<CachedCourse<Body> | undefined> {
  const hit = entries.get(courseId);
  if (hit && hit.expiresAt > now) return hit.value as Promise<CachedCourse<Body> | undefined>;
  // Outside the asking request's scope: its client leaving must not cancel the others' build.
  const value = outsideRequestScope(build);
  entries.set(courseId, { expiresAt: now + STUDENT_COURSE_CACHE_SECONDS * 1000, value: value as Promise<CachedCourse<unknown>> });
  // A failed or empty build is not kept.
  void value.then(
    (course) => course === undefined && entries.delete(courseId),
    () => entries.delete(courseId),
  );
  if (entries.size > MAX_COURSES) entries.delete(entries.keys().next().value!);
  return value;
}

/** After a save in this process: the next read builds the course again. */
export function forgetCourse(courseId: string): void {
  entries.delete(courseId);
}
