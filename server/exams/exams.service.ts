import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { EXAM_MESSAGES, EXAM_TEMPLATES, type TemplateId } from '../../shared/exams/exam.constants.ts';
import { examPublishState, examPublishWarnings } from '../../shared/exams/exam-publish.rules.ts';
import type { copyExamInputSchema, createExamInputSchema, Exam, ExamListEntry, ExamValue, SavedExam } from '../../shared/exams/exams.schema.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { refreshCoursesOfExams } from '../course-state/course-publish.ts';
import { coursesUsingExams } from '../course-state/course-state.repository.ts';
import { lecturesOfferingExam } from '../lectures/lectures.repository.ts';
import { rankFilesUsingExam } from '../rank-files/rank-files.repository.ts';
import type { Db } from '../db/database.ts';
import { isStillReferenced } from '../db/references.ts';
import { LONG_STATEMENT_TIMEOUTS_MS, withLongStatements } from '../db/statement-timeout.ts';
import type { ExamRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { refusedSave } from '../editing/versioned-save.ts';
import { toExam, toExamListEntry } from './exam-mapping.ts';
import { changedFields } from '../../shared/audit/audit-changes.rules.ts';
import type { AuditAction } from '../../shared/audit/audit.constants.ts';
import { auditBy, recordAudit, type AuditBy } from '../audit/audit-writer.ts';
import { publishAction } from '../audit/publish-action.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { paperHash, paperOf } from './papers.ts';
import { UUID_PATTERN } from '../../shared/validation/fields.ts';
import { questionKeysOf, scoringChanges, type ExamMarks } from '../../shared/exams/exam-scoring-key.rules.ts';
import { REGRADE_MESSAGES } from '../../shared/exams/regrade.schema.ts';
import { scoringKeyOfRow } from './scoring-key.ts';
import { holdScoringLock } from './scoring-key.repository.ts';
import {
  attemptCounts,
  countAttempts,
  deleteExamWithoutAttempts,
  findExamRow,
  imagesById,
  insertExam,
  listExamRows,
  lockExamRow,
  rateCardExists,
  updateExamAtVersion,
} from './exams.repository.ts';

/** The marks an exam value sets. */
export function marksOf(value: Pick<ExamValue, 'correctAnswerScore' | 'wrongAnswerScore' | 'unAnsweredScore' | 'totalMarks'>): ExamMarks {
  return {
    correctAnswerScore: value.correctAnswerScore,
    wrongAnswerScore: value.wrongAnswerScore,
    unAnsweredScore: value.unAnsweredScore,
    totalMarks: value.totalMarks,
  };
}

/** The exam row, or 404 with the product's message (also for ids that are not UUIDs). */
export async function examRowOrThrow(db: Db, id: string): Promise<ExamRow> {
  const row = UUID_PATTERN.test(id) ? await findExamRow(db, id) : undefined;
  if (!row) throw new AppError('not-found', EXAM_MESSAGES.notFound);
  return row;
}

/**
 * Records a change of one exam (as its editor shows it before and after), last in its transaction.
 * A question paper too large to keep whole is recorded as its number of groups.
 */
export async function auditExam(trx: Transaction<Database>, by: AuditBy, action: AuditAction, before: ExamRow | undefined, after: ExamRow | undefined) {
  const exam = (after ?? before)!;
  await recordAudit(trx, by, {
    action,
    resourceType: 'exam',
    resourceId: exam.id,
    title: exam.title,
    changes: changedFields(before ? toExam(before) : null, after ? toExam(after) : null, [
      '_id',
      'hasTimeRestrictedGroup',
      'publishMessage',
      'hasPublishMessage',
    ]),
  });
}

export async function listExams(ctx: AppContext, { templateId }: { templateId?: TemplateId | undefined } = {}): Promise<ExamListEntry[]> {
  const now = Date.now();
  return (await listExamRows(ctx.db, templateId)).map((row) => toExamListEntry(row, now));
}

/** A new exam copies its template's settings (type, marks, scores, attempts and durations). */
export async function createExam(ctx: RequestContext, input: z.output<typeof createExamInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  const template = EXAM_TEMPLATES[input.templateId];
  const warnings = examPublishWarnings({
    isVisible: false,
    hasRateCard: false,
    totalMarks: template.totalMarks,
    totalQuestions: template.totalQuestions,
    examDurationInMinutes: template.examDurationInMinutes,
    correctAnswerScore: template.correctAnswerScore,
    publishDateTimeInMs: null,
    instructions: [],
    questionGroups: [],
  });
  const examId = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertExam(trx, {
      title: input.title,
      template_id: template.templateId,
      exam_type: template.examType,
      description: template.description,
      total_marks: template.totalMarks,
      total_questions: template.totalQuestions,
      exam_duration_in_minutes: template.examDurationInMinutes,
      correct_answer_score: template.correctAnswerScore,
      wrong_answer_score: template.wrongAnswerScore,
      un_answered_score: template.unAnsweredScore,
      publish_warnings: warnings,
      instructions: JSON.stringify([]),
      question_groups: JSON.stringify([]),
      created_by: actor?.id ?? null,
    });
    await auditExam(trx, by, 'create', undefined, await findExamRow(trx, created));
    return created;
  });
  return { _id: examId };
}

/** POST /api/exams/copy/campus: a hidden copy with the same settings and questions, and no attempts or ranks. */
export async function copyExam(ctx: RequestContext, input: z.output<typeof copyExamInputSchema>): Promise<{ _id: string }> {
  const by = await auditBy(ctx);
  const actor = by.actor;
  const source = await examRowOrThrow(ctx.db, input.id);
  // Fresh ids, so that a question of the copy is never mistaken for the original's.
  const groups = source.question_groups.map((group) => ({
    ...group,
    resId: randomUUID(),
    questions: group.questions.map((question) => ({ ...question, resId: randomUUID() })),
  }));
  const copy = { ...source, question_groups: groups };
  const copyId = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertExam(trx, {
      title: `${source.title} (copy)`,
      template_id: source.template_id,
      exam_type: source.exam_type,
      is_visible: false,
      is_published: false,
      publish_warnings: source.publish_warnings,
      publish_at: source.publish_at,
      exam_category_key: source.exam_category_key,
      exam_course_type_key: source.exam_course_type_key,
      show_in_recent_exams: source.show_in_recent_exams,
      master_subscription_id: source.master_subscription_id,
      correct_answer_score: source.correct_answer_score,
      wrong_answer_score: source.wrong_answer_score,
      un_answered_score: source.un_answered_score,
      is_sticky: source.is_sticky,
      max_number_of_attempts: source.max_number_of_attempts,
      total_marks: source.total_marks,
      total_questions: source.total_questions,
      exam_duration_in_minutes: source.exam_duration_in_minutes,
      description: source.description,
      instructions: JSON.stringify(source.instructions),
      question_groups: JSON.stringify(groups),
      scoring_key: JSON.stringify(questionKeysOf({ questionGroups: groups })),
      paper_hash: paperHash(paperOf(copy)),
      created_by: actor?.id ?? null,
    });
    await auditExam(trx, by, 'create', undefined, await findExamRow(trx, created));
    return created;
  });
  return { _id: copyId };
}

export async function getExam(ctx: AppContext, { id }: { id: string }): Promise<Exam> {
  return toExam(await examRowOrThrow(ctx.db, id));
}

/**
 * Checks that the rate card and the question images exist, and answers the exam's groups
 * with each image's size taken from the stored file.
 */
async function withCheckedReferences(db: Db, value: ExamValue): Promise<ExamValue['questionGroups']> {
  if (value.masterSubscription) {
    if (!(await rateCardExists(db, value.masterSubscription)))
      throw new AppError('validation', 'The rate card was not found', { field: 'value.masterSubscription' });
  }
  const imageIds = [...new Set(value.questionGroups.flatMap((group) => group.questions.map((q) => q.bannerImageId)).filter((id): id is string => !!id))];
  if (imageIds.length === 0) return value.questionGroups;
  const images = await imagesById(db, imageIds);
  const found = new Map(images.map((image) => [image.id, image]));
  for (const id of imageIds) {
    if (found.get(id)?.kind !== 'image') throw new AppError('validation', 'A question image was not found: upload it again');
  }
  return value.questionGroups.map((group) => ({
    ...group,
    questions: group.questions.map((question) =>
      question.bannerImageId ? { ...question, bannerImageFizeSizeInBytes: Number(found.get(question.bannerImageId)!.size_in_bytes) } : question,
    ),
  }));
}

/** What a save of `input` writes, and the publish state it leaves (a save and a regrade both save this way). */
export async function prepareExamSave(ctx: RequestContext, id: string, input: ExamValue, actorId: string | null) {
  const value = { ...input, questionGroups: await withCheckedReferences(ctx.db, input) };
  const facts = {
    isVisible: value.isVisible,
    hasRateCard: value.masterSubscription !== null,
    totalMarks: value.totalMarks,
    totalQuestions: value.totalQuestions,
    examDurationInMinutes: value.examDurationInMinutes,
    correctAnswerScore: value.correctAnswerScore,
    publishDateTimeInMs: value.publishDateTimeInMs,
    instructions: value.instructions,
    questionGroups: value.questionGroups,
  };
  const warnings = examPublishWarnings(facts);
  const isReady = value.isVisible && warnings.length === 0;
  const paper = paperOf({
    id,
    title: value.title,
    exam_type: value.examType,
    total_marks: value.totalMarks,
    total_questions: value.totalQuestions,
    exam_duration_in_minutes: value.examDurationInMinutes,
    correct_answer_score: value.correctAnswerScore,
    wrong_answer_score: value.wrongAnswerScore,
    un_answered_score: value.unAnsweredScore,
    instructions: value.instructions,
    question_groups: value.questionGroups,
  });
  const saved = {
    title: value.title,
    exam_type: value.examType,
    is_visible: value.isVisible,
    is_published: isReady,
    publish_warnings: warnings,
    publish_at: value.publishDateTimeInMs === null ? null : new Date(value.publishDateTimeInMs),
    exam_category_key: value.examCategoryKey,
    exam_course_type_key: value.examCourseTypeKey,
    show_in_recent_exams: value.showInRecentExams,
    master_subscription_id: value.masterSubscription,
    correct_answer_score: value.correctAnswerScore,
    wrong_answer_score: value.wrongAnswerScore,
    un_answered_score: value.unAnsweredScore,
    is_sticky: value.isSticky,
    max_number_of_attempts: value.maxNumberOfAttempts,
    total_marks: value.totalMarks,
    total_questions: value.totalQuestions,
    exam_duration_in_minutes: value.examDurationInMinutes,
    description: value.description,
    instructions: JSON.stringify(value.instructions),
    question_groups: JSON.stringify(value.questionGroups),
    paper_hash: paperHash(paper),
    updated_by: actorId,
  };
  return {
    value,
    saved,
    isReady,
    warnings,
    facts,
    savedState: (version: number): SavedExam => ({ version, ...examPublishState(isReady, warnings, facts, Date.now()) }),
  };
}

/**
 * PUT /api/admin/exams/{id} {value}: saves the whole exam. The server decides whether it is
 * published, what keeps it offline, and the message of an exam scheduled for later.
 */
export async function saveExam(ctx: RequestContext, input: { id: string; value: ExamValue; version?: number | undefined }): Promise<SavedExam> {
  const { id } = input;
  const by = await auditBy(ctx);
  const existing = await examRowOrThrow(ctx.db, id);
  const { value, saved, isReady, savedState } = await prepareExamSave(ctx, existing.id, input.value, by.actor?.id ?? null);
  // Saved from the copy the editor loaded, or refused: nobody's work is overwritten unseen. A paper
  // of thousands of questions is one large statement, which may run past the default bound.
  const version = await withLongStatements(ctx.db, LONG_STATEMENT_TIMEOUTS_MS.examSave, async (trx) => {
    const before = await lockExamRow(trx, existing.id);
    if (!before) return undefined;
    const remarking = await remarkingOf(trx, before, value);
    const savedVersion = await updateExamAtVersion(trx, existing.id, { ...saved, scoring_key: JSON.stringify(remarking.questions) }, input.version);
    if (savedVersion !== undefined && remarking.changes) await refuseIfSubmitted(trx, before.id);
    if (savedVersion !== undefined) await auditExam(trx, by, publishAction(before.is_published, isReady), before, await findExamRow(trx, existing.id));
    return savedVersion;
  });
  if (version === undefined) throw await refusedSave(ctx.db, 'exams', existing.id, 'exam', EXAM_MESSAGES.notFound);
  await refreshCoursesOfExams(ctx.db, [existing.id]);
  return savedState(version);
}

/**
 * The answer key the save leaves (a question taken out keeps its last key). A save that changes how
 * submitted attempts are marked is refused: it is applied as a regrade, which re-marks them. One that
 * changes the key before any is submitted holds the marking lock, so no submit is marked half-way.
 */
async function remarkingOf(trx: Db, before: ExamRow, value: ExamValue) {
  const questions = questionKeysOf(value, before.scoring_key);
  const changes = scoringChanges(scoringKeyOfRow(before), { ...marksOf(value), questions }).length > 0;
  if (changes) await holdScoringLock(trx, before.id);
  return { questions, changes };
}

async function refuseIfSubmitted(trx: Db, examId: string): Promise<void> {
  const { submitted } = await attemptCounts(trx, examId);
  if (submitted > 0) throw new AppError('conflict', REGRADE_MESSAGES.regradeRequired(submitted), { regrade: { attempts: submitted } });
}

function attemptsWouldBeLost(count: number | string): AppError {
  return new AppError('has-warnings', 'This exam cannot be deleted', {
    warnings: [`${count} attempt(s) by students would be lost: switch the exam's visibility off instead`],
  });
}

/** Refuses with the courses that have the exam on their plan, the rank files and the lectures with it, if any. */
async function refuseIfInCourses(db: Db, examId: string): Promise<void> {
  const [courses, rankFiles, lectures] = await Promise.all([coursesUsingExams(db, [examId]), rankFilesUsingExam(db, examId), lecturesOfferingExam(db, examId)]);
  const warnings = [
    ...courses.map((course) => `It is on the plan of the course “${course.title}”`),
    ...rankFiles.map((rankFile) => `It is in the rank file “${rankFile.title}”`),
    ...lectures.map((lecture) => `It is offered with the lecture “${lecture.title}”`),
  ];
  if (warnings.length > 0) throw new AppError('has-warnings', 'This exam cannot be deleted', { warnings });
}

/**
 * Students' results are never deleted with an exam. The delete is conditional on there being
 * no attempt, and the database refuses it (no cascade) when an attempt starts meanwhile.
 */
export async function deleteExam(ctx: RequestContext, { id }: { id: string }): Promise<{ status: 'deleted' }> {
  const by = await auditBy(ctx);
  const exam = await examRowOrThrow(ctx.db, id);
  await refuseIfInCourses(ctx.db, exam.id);
  try {
    const deleted = await ctx.db.transaction().execute(async (trx) => {
      const before = await lockExamRow(trx, exam.id);
      if (!before || !(await deleteExamWithoutAttempts(trx, exam.id))) return false;
      await auditExam(trx, by, 'delete', before, undefined);
      return true;
    });
    if (deleted) return { status: 'deleted' };
  } catch (error) {
    if (!isStillReferenced(error)) throw error;
    await refuseIfInCourses(ctx.db, exam.id);
  }
  const attempts = await countAttempts(ctx.db, exam.id);
  if (attempts === 0) throw new AppError('not-found', EXAM_MESSAGES.notFound);
  throw attemptsWouldBeLost(attempts);
}
