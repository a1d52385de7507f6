import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import { isAlertingReport, KEY_REPORT_MESSAGES, keyReportAlertMessage } from '../../shared/exams/key-reports.constants.ts';
import type {
  AdminKeyReportsPage,
  AdminKeyReportsQuery,
  KeyReportInput,
  ResolvedKeyReports,
  ResolveKeyReportsInput,
  StudentKeyReport,
} from '../../shared/exams/key-reports.schema.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { utcIso } from '../../shared/validation/date-time.ts';
import { pageOfList, type StudentPageQuery } from '../../shared/validation/paging.ts';
import { requireActor } from '../access/access.ts';
import { raiseAlert } from '../alerts/alerts.service.ts';
import { auditBy, recordAudit } from '../audit/audit-writer.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { consumeRateLimits } from '../rate-limit/rate-limit.service.ts';
import { keyReportRules } from './key-reports.limits.ts';
import * as repo from './key-reports.repository.ts';
import { examRowOrThrow } from './exams.service.ts';

function studentView(row: repo.KeyReportRow): StudentKeyReport {
  return {
    _id: row.id,
    examId: row.exam_id,
    questionResId: row.question_res_id,
    reason: row.reason,
    createdAt: utcIso(row.created_at),
    status: row.resolved_at ? 'resolved' : 'open',
    resolvedAt: row.resolved_at ? utcIso(row.resolved_at) : null,
    resolutionNote: row.resolution_note,
  };
}

/**
 * POST /api/student/exams/{examId}/questions/{questionResId}/reports: a student who submitted the
 * exam reports a question of their paper. The question's reports are counted under a lock of the
 * question, in the insert's transaction, so that exactly one report is its 5th and alerts staff.
 */
export async function reportQuestion(
  ctx: RequestContext,
  { examId, questionResId, reason }: KeyReportInput & { examId: string; questionResId: string },
): Promise<StudentKeyReport> {
  const actor = await requireActor(ctx);
  const hits = await consumeRateLimits(ctx.db, keyReportRules(actor.id, ctx.ip));
  try {
    return await insertReport(ctx, actor.id, { examId, questionResId, reason });
  } catch (error) {
    // A report refused (not allowed, a duplicate) or failed does not count against the limits.
    await hits.release();
    throw error;
  }
}

async function insertReport(
  ctx: RequestContext,
  userId: string,
  { examId, questionResId, reason }: KeyReportInput & { examId: string; questionResId: string },
) {
  if (!UUID_PATTERN.test(examId)) throw new AppError('not-found', KEY_REPORT_MESSAGES.notAttempted);
  return ctx.db.transaction().execute(async (trx) => {
    const facts = await repo.reportEligibility(trx, examId, userId, questionResId);
    if (!facts?.submitted) throw new AppError('not-found', KEY_REPORT_MESSAGES.notAttempted);
    if (!facts.in_paper) throw new AppError('not-found', KEY_REPORT_MESSAGES.notInPaper);
    await repo.lockQuestionReports(trx, examId, questionResId);
    const report = await repo.insertReport(trx, { examId, questionResId, userId, reason });
    if (!report) throw new AppError('conflict', KEY_REPORT_MESSAGES.duplicate);
    if (isAlertingReport(await repo.countQuestionReports(trx, examId, questionResId))) {
      // A question no longer in the exam is named by its id.
      const number = facts.number ?? questionResId;
      await raiseAlert(trx, { message: keyReportAlertMessage(number, facts.title), resourceType: 'exam', resourceId: examId });
    }
    return studentView(report);
  });
}

/** GET /api/student/exams/{examId}/reports: the student's own reports of the exam, newest first. */
export async function ownReports(ctx: RequestContext, { examId, ...query }: StudentPageQuery & { examId: string }) {
  const actor = await requireActor(ctx);
  // At most one report a question of the exam: a bounded list, paged here.
  const reports = UUID_PATTERN.test(examId) ? await repo.studentReports(ctx.db, examId, actor.id) : [];
  return pageOfList(reports.map(studentView), query);
}

/** GET /api/admin/exams/{examId}/reports: each question's counts, and a page of the reports the filters pick. */
export async function examReports(ctx: AppContext, { examId, ...query }: AdminKeyReportsQuery & { examId: string }): Promise<AdminKeyReportsPage> {
  await examRowOrThrow(ctx.db, examId);
  const [questions, page] = await Promise.all([
    repo.reportedQuestions(ctx.db, examId),
    repo.reportsPage(ctx.db, examId, query, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
  ]);
  return {
    questions: questions.map((row) => ({
      questionResId: row.question_res_id,
      number: row.number,
      question: row.question,
      openCount: row.open,
      totalCount: row.total,
    })),
    reports: page.rows.map((row) => ({
      ...studentView(row),
      student: { _id: row.user_id, name: row.user_name },
      resolvedBy: row.resolved_by ? { _id: row.resolved_by, name: row.resolver_name ?? '' } : null,
    })),
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The open reports of each question of the exam, for the editor's badges. */
export async function examOpenReportCounts(ctx: AppContext, { examId }: { examId: string }) {
  await examRowOrThrow(ctx.db, examId);
  const counts = await repo.openReportCounts(ctx.db, examId);
  return [...counts].map(([questionResId, openCount]) => ({ questionResId, openCount }));
}

/**
 * POST /api/admin/exams/{examId}/reports/resolve: marks the open reports named (by id, or every
 * report of a question) resolved, with the note, and records it on the exam's history. Reports
 * resolved before are left as they were; when nothing changes the answer says so.
 */
export async function resolveReports(
  ctx: RequestContext,
  { examId, note, ...which }: ResolveKeyReportsInput & { examId: string },
): Promise<ResolvedKeyReports> {
  const by = await auditBy(ctx);
  const exam = await examRowOrThrow(ctx.db, examId);
  const named = which.reportIds ? { reportIds: which.reportIds } : { questionResId: which.questionResId! };
  // The reports named are locked (not the exam, which students are submitting to): of two resolves
  // at once, the second finds them resolved.
  return ctx.db.transaction().execute(async (trx) => {
    const found = await repo.reportsNamed(trx, examId, named);
    if (found.length === 0 || ('reportIds' in named && found.length < new Set(named.reportIds).size)) {
      throw new AppError('not-found', KEY_REPORT_MESSAGES.reportsNotFound);
    }
    const open = found.filter((report) => report.resolved_at === null).map((report) => report.id);
    const questions = [...new Set(found.map((report) => report.question_res_id))];
    const openBefore = await repo.openReportCounts(trx, examId);
    const resolved = await repo.resolveReports(trx, open, { userId: by.actor?.id ?? null, note });
    const alreadyResolved = found.length - resolved;
    if (resolved === 0) return { resolved, alreadyResolved, message: KEY_REPORT_MESSAGES.alreadyResolved };
    const openAfter = await repo.openReportCounts(trx, examId);
    // Each question's open reports before and after, and the note students read.
    const counts = (of: Map<string, number>) => Object.fromEntries(questions.map((resId) => [`openReports ${resId}`, of.get(resId) ?? 0]));
    await recordAudit(trx, by, {
      action: 'update',
      resourceType: 'exam',
      resourceId: exam.id,
      title: exam.title,
      changes: changedFields({ ...counts(openBefore), resolutionNote: null }, { ...counts(openAfter), resolutionNote: note }),
    });
    return { resolved, alreadyResolved, message: KEY_REPORT_MESSAGES.resolved(resolved) };
  });
}
