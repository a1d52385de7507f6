import { EXAM_SUBJECTS, PSC_EXAMS, TEMPLATE_IDS, type ExamType, type TemplateId } from '../../../../shared/exams/exam.constants.ts';
import type { EditorStatus } from '../../components/editor-header.tsx';

/** The template names staff know; the regular template has a blank title in §9. */
export const TEMPLATE_LABELS: Readonly<Record<TemplateId, string>> = {
  regular: 'Regular',
  'mock-test': 'Mock Tests',
  'revision-test': 'Revision Tests',
};

export const TEMPLATE_OPTIONS = TEMPLATE_IDS.map((templateId) => ({ value: templateId, label: TEMPLATE_LABELS[templateId] }));

export function isTemplateId(value: string): value is TemplateId {
  return (TEMPLATE_IDS as readonly string[]).includes(value);
}

export const EXAM_TYPE_LABELS: Readonly<Record<ExamType, string>> = {
  quiz: 'Quiz',
  freestyle: 'Freestyle',
};

export const EXAM_TYPE_HINTS: Readonly<Record<ExamType, string>> = {
  quiz: 'Questions and options are shuffled for every attempt.',
  freestyle: 'Questions keep the order set here.',
};

export function pscExamLabel(key: string | null): string | undefined {
  return PSC_EXAMS.find((exam) => exam.key === key)?.label;
}

export function examSubjectLabel(key: string | null): string | undefined {
  return EXAM_SUBJECTS.find((subject) => subject.key === key)?.label;
}

export interface ExamPublishFields {
  isPublished: boolean;
  hasPublishMessage: boolean;
  publishMessage: string;
}

/**
 * §4 Exam editor: Published when published; otherwise the publish message in warning
 * colour when there is one; otherwise Unpublished in danger colour.
 */
export function examStatus(exam: ExamPublishFields): EditorStatus {
  if (exam.isPublished) return { text: 'Published', variant: 'success' };
  if (exam.hasPublishMessage && exam.publishMessage.trim() !== '') return { text: exam.publishMessage, variant: 'warning' };
  return { text: 'Unpublished', variant: 'destructive' };
}
