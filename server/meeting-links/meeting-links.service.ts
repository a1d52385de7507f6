import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  MEETING_LINK_MESSAGES,
  type createMeetingLinkInputSchema,
  type MeetingLink,
  type StudentMeetingLink,
  type updateMeetingLinkBodySchema,
} from '../../shared/meeting-links/meeting-links.schema.ts';
import { meetingWindowProblem } from '../../shared/meeting-links/meeting-links.rules.ts';
import { requireActor } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import { retryOnConflict } from '../db/retry.ts';
import type { MeetingLinksTable } from '../db/types.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { AppError } from '../errors.ts';
import * as repo from './meeting-links.repository.ts';
import { changedFields, isSecretField } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';

type MeetingLinkRow = Selectable<MeetingLinksTable>;
type CreateInput = z.output<typeof createMeetingLinkInputSchema>;
type UpdateInput = { id: string } & z.output<typeof updateMeetingLinkBodySchema>;
type CourseTitle = { _id: string; title: string };

export function toMeetingLink(row: MeetingLinkRow, courses: CourseTitle[]): MeetingLink {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    courseIds: courses.map((course) => course._id),
    courses,
    version: row.version,
  };
}

/** The rows as the console shows them, each with its courses by title. */
async function withCourses(db: Db, rows: MeetingLinkRow[]): Promise<MeetingLink[]> {
  const courseRows = await repo.courseRowsOfLinks(
    db,
    rows.map((row) => row.id),
  );
  const byLink = new Map<string, CourseTitle[]>();
  for (const course of courseRows) {
    const list = byLink.get(course.meeting_link_id) ?? [];
    list.push({ _id: course.id, title: course.title });
    byLink.set(course.meeting_link_id, list);
  }
  return rows.map((row) => toMeetingLink(row, byLink.get(row.id) ?? []));
}

async function meetingLinkOrThrow(db: Db, id: string): Promise<MeetingLink> {
  const row = await repo.meetingLinkRow(db, id);
  if (!row) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
  const [link] = await withCourses(db, [row]);
  return link!;
}

/** A meeting's address as the audit log keeps it: a passcode in its query (Zoom's `pwd`) is hidden. */
function auditedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const name of [...parsed.searchParams.keys()]) if (isSecretField(name) || /^pwd$/i.test(name)) parsed.searchParams.set(name, 'hidden');
    return parsed.toString();
  } catch {
    return url;
  }
}

const auditedLink = (link: MeetingLink | null) => link && { ...link, url: auditedUrl(link.url) };

/** Records a change of one link (as the console shows it before and after), last in its transaction. */
async function auditLink(trx: Transaction<Database>, by: AuditBy, action: AuditAction, before: MeetingLink | null, after: MeetingLink | null) {
  const link = (after ?? before)!;
  await recordAudit(trx, by, {
    action,
    resourceType: 'meeting-link',
    resourceId: link._id,
    title: link.title,
    changes: changedFields(auditedLink(before), auditedLink(after), ['_id', 'createdAt', 'courseIds']),
  });
}

/** Refuses course ids that are not (or no longer) courses; the ones that are stay share-locked. */
async function checkCourses(db: Db, courseIds: readonly string[]): Promise<void> {
  const existing = await repo.lockExistingCourses(db, courseIds);
  if (courseIds.some((id) => !existing.has(id))) throw new AppError('validation', MEETING_LINK_MESSAGES.courseNotFound, { field: 'courseIds' });
}

/** A course deleted between the check and the save (the foreign key refused it): the same 400 as an unknown course. */
function courseGoneMeanwhile(error: unknown): never {
  if (isStillReferenced(error)) throw new AppError('validation', MEETING_LINK_MESSAGES.courseNotFound, { field: 'courseIds' });
  throw error;
}

/** GET /api/admin/meeting-links: every link, the latest meeting first, with its courses. */
export async function listMeetingLinks(ctx: AppContext): Promise<MeetingLink[]> {
  return withCourses(ctx.db, await repo.listMeetingLinkRows(ctx.db));
}

/**
 * POST /api/admin/meeting-links: a new link, switched on, for the students of its courses (none:
 * staff only). The schema has refused what no app can open (not http(s), an end not after the
 * start); here the clock refuses a meeting already over. The same form sent twice (its requestId)
 * makes one link and answers it both times.
 */
export async function createMeetingLink(ctx: RequestContext, input: CreateInput): Promise<MeetingLink> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  const problem = meetingWindowProblem(input.startDate, input.endDate, new Date());
  if (problem) throw new AppError('validation', problem.message, { field: problem.field });
  const id = await retryOnConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      await checkCourses(trx, input.courseIds);
      const row = await repo.insertMeetingLink(trx, {
        title: input.title,
        url: input.url,
        start_date: input.startDate,
        end_date: input.endDate,
        created_by: actor?.id ?? null,
        updated_by: actor?.id ?? null,
        create_request_id: input.requestId ?? null,
      });
      if (!row) {
        // The insert waited for the first submit of this form to commit; this statement sees its link.
        const earlier = await repo.meetingLinkByRequestId(trx, input.requestId!);
        if (!earlier) throw new AppError('conflict', MEETING_LINK_MESSAGES.notFound);
        return earlier.id;
      }
      await repo.replaceLinkCourses(trx, row.id, input.courseIds);
      await auditLink(trx, by, 'create', null, await meetingLinkOrThrow(trx, row.id));
      return row.id;
    }),
  ).catch(courseGoneMeanwhile);
  return meetingLinkOrThrow(ctx.db, id);
}

/**
 * PUT /api/admin/meeting-links/{id}: name, URL, window and courses, saved only from the version
 * the editor loaded (409 naming who saved since). A window left as it was may have ended.
 */
export async function updateMeetingLink(ctx: RequestContext, { id, version, ...input }: UpdateInput): Promise<MeetingLink> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  await retryOnConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lockMeetingLink(trx, id);
      if (!locked) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
      const before = await meetingLinkOrThrow(trx, id);
      if (version !== undefined && locked.version !== version)
        throw await refusedSave(trx, 'meeting_links', id, 'meeting link', MEETING_LINK_MESSAGES.notFound);
      const problem = meetingWindowProblem(input.startDate, input.endDate, new Date(), { start: locked.start_date, end: locked.end_date });
      if (problem) throw new AppError('validation', problem.message, { field: problem.field });
      await checkCourses(trx, input.courseIds);
      const saved = await repo.updateMeetingLinkAtVersion(
        trx,
        id,
        { title: input.title, url: input.url, start_date: input.startDate, end_date: input.endDate, updated_by: actor?.id ?? null },
        locked.version,
      );
      if (!saved) throw await refusedSave(trx, 'meeting_links', id, 'meeting link', MEETING_LINK_MESSAGES.notFound);
      await repo.replaceLinkCourses(trx, id, input.courseIds);
      await auditLink(trx, by, 'update', before, await meetingLinkOrThrow(trx, id));
    }),
  ).catch(courseGoneMeanwhile);
  return meetingLinkOrThrow(ctx.db, id);
}

/** PUT /api/admin/update/meeting-link {id}: Active becomes Inactive and the reverse. */
export async function toggleMeetingLink(ctx: RequestContext, { id }: { id: string }): Promise<MeetingLink> {
  const by = await auditBy(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockMeetingLink(trx, id))) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
    const before = await meetingLinkOrThrow(trx, id);
    const row = await repo.flipMeetingLink(trx, id);
    if (!row) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
    const [link] = await withCourses(trx, [row]);
    await auditLink(trx, by, link!.isActive ? 'activate' : 'deactivate', before, link!);
    return link!;
  });
}

/** DELETE /api/admin/meeting-link/{id}. Notifications that announced it keep their record. */
export async function deleteMeetingLink(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.lockMeetingLink(trx, id))) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
    const before = await meetingLinkOrThrow(trx, id);
    if (!(await repo.deleteMeetingLinkRow(trx, id))) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
    await auditLink(trx, by, 'delete', before, null);
  });
  return { status: 'deleted' };
}

/**
 * GET /api/student/meeting-links: the links a signed-in student may join now, of the courses
 * they may open now, each with those courses.
 */
export async function listLiveMeetingLinks(ctx: RequestContext, query: StudentPageQuery) {
  const actor = await requireActor(ctx);
  const links = (await repo.liveMeetingLinkRowsFor(ctx.db, actor.id)).map((row): StudentMeetingLink => ({
    _id: row.id,
    title: row.title,
    url: row.url,
    startDate: new Date(row.start_date).toISOString(),
    endDate: new Date(row.end_date).toISOString(),
    courses: row.courses,
  }));
  return pageOfList(links, query);
}
