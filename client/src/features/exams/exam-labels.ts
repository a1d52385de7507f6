import { TEMPLATE_IDS, type ExamType, type TemplateId } from '../../../../shared/exams/exam.constants.ts';
import type { EditorStatus } from '../../components/editor-header.tsx';

/** The template names staff know (the regular template's own title is blank). */
export const TEMPLATE_LABELS: Readonly<Record<TemplateId, string>> = {
  regular: 'Regular',
  'mock-test': 'Mock Tests',
  'revision-test': 'Revision Tests',
};

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

export interface ExamPublishFields {
  isPublished: boolean;
  hasPublishMessage: boolean;
  publishMessage: string;
}

/**
 * An exam's status: Published when published; otherwise the publish message in warning
 * colour when there is one; otherwise Unpublished in danger colour.
 */
export function examStatus(exam: ExamPublishFields): EditorStatus {
  if (exam.isPublished) return { text: 'Published', variant: 'success' };
  if (exam.hasPublishMessage && exam.publishMessage.trim() !== '') return { text: exam.publishMessage, variant: 'warning' };
  return { text: 'Unpublished', variant: 'destructive' };
}
