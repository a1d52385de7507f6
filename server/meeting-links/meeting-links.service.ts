import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { MEETING_LINK_MESSAGES, type createMeetingLinkInputSchema, type MeetingLink, type StudentMeetingLink } from '../../shared/meeting-links/meeting-links.schema.ts';
import { meetingWindowProblem } from '../../shared/meeting-links/meeting-links.rules.ts';
import { requireActor } from '../auth/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import type { MeetingLinksTable } from '../db/types.ts';
import { AppError } from '../errors.ts';
import * as repo from './meeting-links.repository.ts';

type MeetingLinkRow = Selectable<MeetingLinksTable>;
type CreateInput = z.output<typeof createMeetingLinkInputSchema>;

export function toMeetingLink(row: MeetingLinkRow): MeetingLink {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
  };
}

/** GET /api/admin/meeting-links: every link, the latest meeting first. */
export async function listMeetingLinks(ctx: AppContext): Promise<MeetingLink[]> {
  return (await repo.listMeetingLinkRows(ctx.db)).map(toMeetingLink);
}

/**
 * POST /api/admin/meeting-links: a new link, switched on. The schema has refused what no app can
 * open (not http(s), an end not after the start); here the clock refuses a meeting already over.
 */
export async function createMeetingLink(ctx: RequestContext, input: CreateInput): Promise<MeetingLink> {
  const actor = await ctx.actor();
  const problem = meetingWindowProblem(input.startDate, input.endDate, new Date());
  if (problem) throw new AppError('validation', problem.message, { field: problem.field });
  const row = await repo.insertMeetingLink(ctx.db, { title: input.title, url: input.url, start_date: input.startDate, end_date: input.endDate, created_by: actor?.id ?? null });
  return toMeetingLink(row);
}

/** PUT /api/admin/update/meeting-link {id}: Active becomes Inactive and the reverse. */
export async function toggleMeetingLink(ctx: AppContext, { id }: { id: string }): Promise<MeetingLink> {
  const row = await repo.flipMeetingLink(ctx.db, id);
  if (!row) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
  return toMeetingLink(row);
}

/** DELETE /api/admin/meeting-link/{id}. Notifications that announced it keep their record. */
export async function deleteMeetingLink(ctx: AppContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  if (!(await repo.deleteMeetingLinkRow(ctx.db, id))) throw new AppError('not-found', MEETING_LINK_MESSAGES.notFound);
  return { status: 'deleted' };
}

/** GET /api/student/meeting-links: the links a signed-in student may join now. */
export async function listLiveMeetingLinks(ctx: RequestContext): Promise<StudentMeetingLink[]> {
  await requireActor(ctx);
  return (await repo.liveMeetingLinkRows(ctx.db)).map((row) => ({
    _id: row.id,
    title: row.title,
    url: row.url,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date.toISOString(),
  }));
}
