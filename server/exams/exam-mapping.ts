import { examPublishState } from '../../shared/exams/exam-publish.rules.ts';
import type { Exam, ExamListEntry } from '../../shared/exams/exams.schema.ts';
import type { ExamRow } from '../db/types.ts';

function publishStateOf(row: Pick<ExamRow, 'is_published' | 'is_visible' | 'publish_warnings' | 'publish_at'>, now: number) {
  return examPublishState(row.is_published, row.publish_warnings, { isVisible: row.is_visible, publishDateTimeInMs: row.publish_at?.getTime() ?? null }, now);
}

export function toExam(row: ExamRow, now = Date.now()): Exam {
  const state = publishStateOf(row, now);
  return {
    _id: row.id,
    templateId: row.template_id,
    title: row.title,
    examType: row.exam_type,
    ...state,
    isVisible: row.is_visible,
    publishDateTimeInMs: row.publish_at?.getTime() ?? null,
    examCategoryKey: row.exam_category_key,
    examCourseTypeKey: row.exam_course_type_key,
    showInRecentExams: row.show_in_recent_exams,
    masterSubscription: row.master_subscription_id,
    correctAnswerScore: row.correct_answer_score,
    wrongAnswerScore: row.wrong_answer_score,
    unAnsweredScore: row.un_answered_score,
    isSticky: row.is_sticky,
    maxNumberOfAttempts: row.max_number_of_attempts,
    totalMarks: row.total_marks,
    totalQuestions: row.total_questions,
    examDurationInMinutes: row.exam_duration_in_minutes,
    description: row.description,
    instructions: row.instructions,
    questionGroups: row.question_groups,
    isRankPublished: row.is_rank_published,
    lastRankRefresh: row.last_rank_refresh?.getTime() ?? null,
    createdAt: row.created_at.toISOString(),
    hasTimeRestrictedGroup: row.question_groups.some((group) => group.hasTimeRestriction),
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

export type ExamListRow = Pick<
  ExamRow,
  | 'id'
  | 'title'
  | 'template_id'
  | 'exam_type'
  | 'is_published'
  | 'is_visible'
  | 'publish_warnings'
  | 'publish_at'
  | 'master_subscription_id'
  | 'total_questions'
  | 'exam_duration_in_minutes'
  | 'created_at'
>;

export const EXAM_LIST_COLUMNS = [
  'id',
  'title',
  'template_id',
  'exam_type',
  'is_published',
  'is_visible',
  'publish_warnings',
  'publish_at',
  'master_subscription_id',
  'total_questions',
  'exam_duration_in_minutes',
  'created_at',
] as const;

export function toExamListEntry(row: ExamListRow, now = Date.now()): ExamListEntry {
  const state = publishStateOf(row, now);
  return {
    _id: row.id,
    title: row.title,
    templateId: row.template_id,
    examType: row.exam_type,
    isPublished: state.isPublished,
    isVisible: row.is_visible,
    hasPublishMessage: state.hasPublishMessage,
    publishMessage: state.publishMessage,
    masterSubscription: row.master_subscription_id,
    totalQuestions: row.total_questions,
    examDurationInMinutes: row.exam_duration_in_minutes,
    createdAt: row.created_at.toISOString(),
  };
}
