import { round2 } from './exam-scoring.rules.ts';

/** What the publish rules need to know of an exam. */
export interface ExamPublishFacts {
  isVisible: boolean;
  hasRateCard: boolean;
  totalMarks: number;
  totalQuestions: number;
  examDurationInMinutes: number;
  correctAnswerScore: number;
  publishDateTimeInMs: number | null;
  /** The instruction lines, each shown to students as a point. */
  instructions: readonly string[];
  questionGroups: Array<{
    title: string;
    durationInMins: number;
    hasTimeRestriction: boolean;
    questions: Array<{ question: string; questionMimeType: 'text' | 'image'; bannerImageId: string | null; options: string[]; correctAnswerIndex: number }>;
  }>;
}

export const EXAM_WARNINGS = {
  noQuestions: 'No questions: add a question group with questions',
  noDuration: 'No duration: set the exam duration in minutes',
  noRateCard: 'No rate card: choose the subscription that gives access to this exam',
  emptyGroup: (group: string) => `Group "${group}" has no questions`,
  noCorrectAnswer: (where: string) => `${where} has no correct answer`,
  noQuestionText: (where: string) => `${where} has no question text`,
  noQuestionImage: (where: string) => `${where} is an image question without an image`,
  emptyOption: (where: string) => `${where} has an empty option`,
  totalQuestions: (declared: number, actual: number) => `Total questions is ${declared} but the exam has ${actual} questions`,
  totalMarks: (declared: number, actual: number) => `Total marks is ${declared} but the questions add up to ${actual}`,
  emptyInstruction: (line: number) => `Instruction ${line} is empty: write it or remove it`,
  restrictedTime: (sum: number, duration: number) => `The time-restricted groups take ${sum} minutes, more than the exam's ${duration} minutes`,
} as const;

/** Warnings beyond this many are summed up in one line, so a 5,000-question import stays readable. */
const MAX_LISTED = 20;

function groupName(group: { title: string }, index: number): string {
  return group.title.trim() || `Group ${index + 1}`;
}

/** The 1-based numbers of the instruction lines that are blank (or spaces only): students would see an empty point. */
export function emptyInstructionLines(instructions: readonly string[]): number[] {
  return instructions.flatMap((line, index) => (line.trim() === '' ? [index + 1] : []));
}

/**
 * The blockers a student would notice. An exam is published when it is visible, has none
 * of them and its publish time has come; the warnings are listed even while it is hidden.
 */
export function examPublishWarnings(facts: ExamPublishFacts): string[] {
  const warnings: string[] = [];
  const questionWarnings: string[] = [];
  const count = facts.questionGroups.reduce((sum, group) => sum + group.questions.length, 0);
  if (count === 0) warnings.push(EXAM_WARNINGS.noQuestions);
  facts.questionGroups.forEach((group, groupIndex) => {
    const name = groupName(group, groupIndex);
    if (group.questions.length === 0 && count > 0) questionWarnings.push(EXAM_WARNINGS.emptyGroup(name));
    group.questions.forEach((question, questionIndex) => {
      const where = `Question ${questionIndex + 1} of "${name}"`;
      if (question.questionMimeType === 'image' ? !question.bannerImageId : !question.question.trim()) {
        questionWarnings.push(question.questionMimeType === 'image' ? EXAM_WARNINGS.noQuestionImage(where) : EXAM_WARNINGS.noQuestionText(where));
      }
      if (question.options.some((option) => !option.trim())) questionWarnings.push(EXAM_WARNINGS.emptyOption(where));
      if (question.correctAnswerIndex < 0 || question.correctAnswerIndex >= question.options.length) {
        questionWarnings.push(EXAM_WARNINGS.noCorrectAnswer(where));
      }
    });
  });
  warnings.push(...questionWarnings.slice(0, MAX_LISTED));
  if (questionWarnings.length > MAX_LISTED) warnings.push(`… and ${questionWarnings.length - MAX_LISTED} more question problems`);
  if (count > 0 && facts.totalQuestions !== count) warnings.push(EXAM_WARNINGS.totalQuestions(facts.totalQuestions, count));
  const marks = round2(count * facts.correctAnswerScore);
  if (count > 0 && round2(facts.totalMarks) !== marks) warnings.push(EXAM_WARNINGS.totalMarks(facts.totalMarks, marks));
  if (facts.examDurationInMinutes <= 0) warnings.push(EXAM_WARNINGS.noDuration);
  const restricted = facts.questionGroups.filter((group) => group.hasTimeRestriction).reduce((sum, group) => sum + group.durationInMins, 0);
  if (facts.examDurationInMinutes > 0 && restricted > facts.examDurationInMinutes) {
    warnings.push(EXAM_WARNINGS.restrictedTime(restricted, facts.examDurationInMinutes));
  }
  for (const line of emptyInstructionLines(facts.instructions)) warnings.push(EXAM_WARNINGS.emptyInstruction(line));
  if (!facts.hasRateCard) warnings.push(EXAM_WARNINGS.noRateCard);
  return warnings;
}

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** The publish message of a ready exam whose publish time is still ahead, else ''. */
export function examPublishMessage(facts: Pick<ExamPublishFacts, 'isVisible' | 'publishDateTimeInMs'>, warnings: readonly string[], now: number): string {
  if (!facts.isVisible || warnings.length > 0 || facts.publishDateTimeInMs === null || facts.publishDateTimeInMs <= now) return '';
  return `Scheduled: students can start it from ${IST.format(new Date(facts.publishDateTimeInMs))} IST`;
}

export interface ExamPublishState {
  isPublished: boolean;
  publishWarnings: string[];
  publishMessage: string;
  hasPublishMessage: boolean;
}

/** isReady: visible with no warnings (stored); published once its publish time has come too. */
export function examPublishState(
  isReady: boolean,
  warnings: string[],
  facts: Pick<ExamPublishFacts, 'isVisible' | 'publishDateTimeInMs'>,
  now: number,
): ExamPublishState {
  const publishMessage = examPublishMessage(facts, warnings, now);
  const timeReached = facts.publishDateTimeInMs === null || facts.publishDateTimeInMs <= now;
  return { isPublished: isReady && timeReached, publishWarnings: warnings, publishMessage, hasPublishMessage: publishMessage !== '' };
}
