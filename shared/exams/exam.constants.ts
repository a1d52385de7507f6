/** Exam templates, types and masters of the product. */

export const EXAM_TYPES = ['quiz', 'freestyle'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

export const TEMPLATE_IDS = ['regular', 'mock-test', 'revision-test'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

/**
 * How an exam is marked and timed, as its template sets it and its paper keeps it. The wrong-answer
 * score is a penalty: entered as a positive number (.33) and subtracted for each wrong answer,
 * everywhere in the product.
 */
export interface ExamMarking {
  totalMarks: number;
  totalQuestions: number;
  examDurationInMinutes: number;
  correctAnswerScore: number;
  wrongAnswerScore: number;
  unAnsweredScore: number;
}

/** What a new exam copies from its template. */
export interface ExamTemplate extends ExamMarking {
  templateId: TemplateId;
  examType: ExamType;
  title: string;
  description: string;
}

export const EXAM_TEMPLATES: Readonly<Record<TemplateId, ExamTemplate>> = {
  regular: {
    templateId: 'regular',
    examType: 'freestyle',
    title: '',
    description: '',
    totalMarks: 0,
    totalQuestions: 0,
    examDurationInMinutes: 0,
    correctAnswerScore: 1,
    wrongAnswerScore: 0,
    unAnsweredScore: 0,
  },
  'mock-test': {
    templateId: 'mock-test',
    examType: 'freestyle',
    title: 'Mock Tests',
    description: 'Mostly previous-year question papers, timed like the real exam.',
    totalMarks: 100,
    totalQuestions: 100,
    examDurationInMinutes: 75,
    correctAnswerScore: 1,
    wrongAnswerScore: 0.33,
    unAnsweredScore: 0,
  },
  'revision-test': {
    templateId: 'revision-test',
    examType: 'freestyle',
    title: 'Revision Tests',
    description: 'Short tests to revise a topic.',
    totalMarks: 40,
    totalQuestions: 40,
    examDurationInMinutes: 30,
    correctAnswerScore: 1,
    wrongAnswerScore: 0.33,
    unAnsweredScore: 0,
  },
};

export const DEFAULT_TEMPLATE_ID: TemplateId = 'regular';

/** Attempt lock: -1 disabled (any number of attempts), or 1 attempt. */
export const ATTEMPT_LOCKS = [-1, 1] as const;
export const QUESTION_MIME_TYPES = ['text', 'image'] as const;
export const IMPORT_TEMPLATES = ['regular', 'with-solution'] as const;
export type ImportTemplate = (typeof IMPORT_TEMPLATES)[number];

export const DEFAULT_GROUP_DURATION_IN_MINS = 40;
export const DEFAULT_OPTION_COUNT = 4;
export const MAX_OPTION_COUNT = 10;
export const QUESTION_TAG_KEYS = ['tag1', 'tag2', 'tag3', 'tag4', 'tag5'] as const;
/** The most questions an exam (and one spreadsheet) may hold. */
export const MAX_QUESTIONS_PER_EXAM = 5000;
/** The latest time a date field takes: the last millisecond of the year 9999. */
export const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** Analytics shows the top 100 students. */
export const ANALYTICS_TOP = 100;

/** PSC exam master: which exam a test prepares for (examCategoryKey). */
export const PSC_EXAMS = [
  { key: 'ld-clerk', label: 'LD Clerk' },
  { key: 'village-officer', label: 'Village Officer' },
  { key: 'lp-up-school-assistant', label: 'LP/UP School Assistant' },
  { key: 'lab-assistant', label: 'Lab Assistant' },
  { key: 'devaswom-board', label: 'Devaswom Board' },
  { key: 'assistant-prison-officer', label: 'Assistant Prison Officer' },
  { key: 'degree-level', label: 'Degree Level' },
  { key: 'plus-two-level', label: 'Plus Two Level' },
  { key: '10th-level', label: '10th Level' },
] as const;

/** Exam subject master (examCourseTypeKey). */
export const EXAM_SUBJECTS = [
  { key: 'mathematics', label: 'Mathematics' },
  { key: 'physics', label: 'Physics' },
  { key: 'chemistry', label: 'Chemistry' },
  { key: 'biology', label: 'Biology' },
] as const;

export const EXAM_MESSAGES = {
  titleRequired: 'Please provide a exam title',
  templateRequired: 'Please select a template',
  copyIdRequired: 'Please provide a exam id',
  notFound: 'Exam not found',
  penaltyPositive: 'Enter the wrong-answer penalty as a positive number (e.g. .33); it is subtracted for each wrong answer',
  duplicateGroupId: (id: string, count: number) => `Group id "${id}" is used by ${count} groups: each group needs its own id`,
  duplicateQuestionId: (id: string, count: number) => `Question id "${id}" is used by ${count} questions: each question needs its own id`,
} as const;
