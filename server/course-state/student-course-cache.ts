import type { JsonText } from '../http/json-text.ts';
import { outsideRequestScope } from '../db/query-scope.ts';

/**
 * The student apps read a course far more often than staff change it, and what they read is the
 * same for everyone but for who may watch what. The course's shared parts are built once and kept
 * here for a few seconds, with the JSON of each answer (the course, a page of a subject, a range of
 * days) per kind of reader (one who holds the course, one who holds nothing in it beyond its free
 * lectures, one who holds some of its lectures), and which of those answers each student's grants
 * lead to; a save in this process drops it at once, and other processes see a change within the
 * lifetime below.
 */
export const STUDENT_COURSE_CACHE_SECONDS = 5;
const MAX_COURSES = 200;
/** Answers kept as text per course; past this, further ones are made for each read. */
export const MAX_TEXTS_PER_COURSE = 100;
/** Grants whose answers are known, per course (each entry a key and a reference to a kept text); past this, they are worked out for each read. */
export const MAX_READERS_PER_COURSE = 1000;

export interface CachedCourse {
  /** Serialized answers by kind of reader and answer, e.g. 'holder:paid:course', 'free-only:lakshya-students:subject:{id}:2'. */
  json: Map<string, JsonText>;
  /** The same answers by a fingerprint of the student's grants and the answer: what a read finds without working out what the student holds. */
  byGrants: Map<string, JsonText>;
}

const entries = new Map<string, { expiresAt: number; value: Promise<CachedCourse | undefined> }>();

/** The cached course, or the one `build` makes (one build at a time per course, however many ask). */
export function cachedCourse<Course extends CachedCourse>(
  courseId: string,
  build: () => Promise<Course | undefined>,
  now = Date.now(),
): Promise<Course | undefined> {
  const hit = entries.get(courseId);
  if (hit && hit.expiresAt > now) return hit.value as Promise<Course | undefined>;
  // Outside the asking request's scope: its client leaving must not cancel the others' build.
  const value = outsideRequestScope(build);
  entries.set(courseId, { expiresAt: now + STUDENT_COURSE_CACHE_SECONDS * 1000, value });
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

/** After a change that may show in any course (a lecture, a rank file): every course is built again on its next read. */
export function forgetAllCourses(): void {
  entries.clear();
}
