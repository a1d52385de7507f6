import { describe, expect, it } from 'vitest';
import {
  EXAM_WARNINGS,
  emptyInstructionLines,
  examPublishMessage,
  examPublishState,
  examPublishWarnings,
  type ExamPublishFacts,
} from '../../../../shared/exams/exam-publish.rules.ts';
import { EXAM_TEMPLATES } from '../../../../shared/exams/exam.constants.ts';

const question = (overrides = {}) => ({
  question: 'Q?',
  questionMimeType: 'text' as const,
  bannerImageId: null,
  options: ['A', 'B', 'C', 'D'],
  correctAnswerIndex: 0,
  ...overrides,
});
function facts(overrides: Partial<ExamPublishFacts> = {}): ExamPublishFacts {
  return {
    isVisible: true,
    hasRateCard: true,
    totalMarks: 2,
    totalQuestions: 2,
    examDurationInMinutes: 10,
    correctAnswerScore: 1,
    publishDateTimeInMs: null,
    instructions: ['Each question carries one mark.'],
    questionGroups: [{ title: 'Part A', durationInMins: 40, hasTimeRestriction: false, questions: [question(), question()] }],
    ...overrides,
  };
}

describe('examPublishWarnings', () => {
  it('has none for a complete exam', () => {
    expect(examPublishWarnings(facts())).toEqual([]);
  });
  it('warns about no questions, no duration and no rate card', () => {
    expect(examPublishWarnings(facts({ questionGroups: [], examDurationInMinutes: 0, hasRateCard: false }))).toEqual([
      EXAM_WARNINGS.noQuestions,
      EXAM_WARNINGS.noDuration,
      EXAM_WARNINGS.noRateCard,
    ]);
  });
  it('names the question without a correct answer, text, image or option', () => {
    const warnings = examPublishWarnings(
      facts({
        totalQuestions: 4,
        totalMarks: 4,
        questionGroups: [
          {
            title: '',
            durationInMins: 40,
            hasTimeRestriction: false,
            questions: [
              question({ correctAnswerIndex: -1 }),
              question({ question: ' ' }),
              question({ questionMimeType: 'image' }),
              question({ options: ['A', ''] }),
            ],
          },
        ],
      }),
    );
    expect(warnings).toEqual([
      EXAM_WARNINGS.noCorrectAnswer('Question 1 of "Group 1"'),
      EXAM_WARNINGS.noQuestionText('Question 2 of "Group 1"'),
      EXAM_WARNINGS.noQuestionImage('Question 3 of "Group 1"'),
      EXAM_WARNINGS.emptyOption('Question 4 of "Group 1"'),
    ]);
  });
  it('warns when the totals disagree with the questions', () => {
    expect(examPublishWarnings(facts({ totalQuestions: 3, totalMarks: 2.5 }))).toEqual([EXAM_WARNINGS.totalQuestions(3, 2), EXAM_WARNINGS.totalMarks(2.5, 2)]);
  });
  it('warns when time-restricted groups need more than the exam duration', () => {
    const groups = [
      { title: 'A', durationInMins: 8, hasTimeRestriction: true, questions: [question()] },
      { title: 'B', durationInMins: 5, hasTimeRestriction: true, questions: [question()] },
    ];
    expect(examPublishWarnings(facts({ questionGroups: groups }))).toEqual([EXAM_WARNINGS.restrictedTime(13, 10)]);
  });
  it('sums up question problems beyond twenty in one line', () => {
    const questions = Array.from({ length: 25 }, () => question({ correctAnswerIndex: -1 }));
    const warnings = examPublishWarnings(
      facts({ totalQuestions: 25, totalMarks: 25, questionGroups: [{ title: 'A', durationInMins: 40, hasTimeRestriction: false, questions }] }),
    );
    expect(warnings).toHaveLength(21);
    expect(warnings[20]).toBe('… and 5 more question problems');
  });
});

describe('empty instruction lines', () => {
  it('keeps an exam offline while an instruction line is blank or spaces only, naming each line', () => {
    const instructions = ['Each question carries one mark.', '', 'A third of a mark is taken off for a wrong answer.', ' \t '];
    expect(emptyInstructionLines(instructions)).toEqual([2, 4]);
    expect(examPublishWarnings(facts({ instructions }))).toEqual([EXAM_WARNINGS.emptyInstruction(2), EXAM_WARNINGS.emptyInstruction(4)]);
    expect(EXAM_WARNINGS.emptyInstruction(2)).toBe('Instruction 2 is empty: write it or remove it');
  });

  it('publishes with written instructions, and with none', () => {
    expect(examPublishWarnings(facts({ instructions: ['Each question carries one mark.', 'No calculators.'] }))).toEqual([]);
    expect(examPublishWarnings(facts({ instructions: [] }))).toEqual([]);
  });
});

describe('examPublishState', () => {
  const now = Date.UTC(2026, 10, 21, 6, 0);
  it('is published when ready and its time has come', () => {
    expect(examPublishState(true, [], { isVisible: true, publishDateTimeInMs: now - 1 }, now)).toEqual({
      isPublished: true,
      publishWarnings: [],
      publishMessage: '',
      hasPublishMessage: false,
    });
  });
  it('has a message in Indian time while scheduled for later', () => {
    const later = Date.UTC(2026, 10, 25, 4, 30);
    expect(examPublishMessage({ isVisible: true, publishDateTimeInMs: later }, [], now)).toBe('Scheduled: students can start it from 25 Nov 2026, 10:00 IST');
    expect(examPublishState(true, [], { isVisible: true, publishDateTimeInMs: later }, now)).toMatchObject({ isPublished: false, hasPublishMessage: true });
  });
  it('has no message while hidden or with warnings', () => {
    expect(examPublishMessage({ isVisible: false, publishDateTimeInMs: now + 1000 }, [], now)).toBe('');
    expect(examPublishMessage({ isVisible: true, publishDateTimeInMs: now + 1000 }, ['x'], now)).toBe('');
  });
});

describe('EXAM_TEMPLATES', () => {
  it('holds the three templates (regular, mock test, revision test), all freestyle', () => {
    expect(EXAM_TEMPLATES.regular).toMatchObject({
      title: '',
      totalMarks: 0,
      totalQuestions: 0,
      examDurationInMinutes: 0,
      correctAnswerScore: 1,
      wrongAnswerScore: 0,
      unAnsweredScore: 0,
    });
    expect(EXAM_TEMPLATES['mock-test']).toMatchObject({
      title: 'Mock Tests',
      totalMarks: 100,
      totalQuestions: 100,
      examDurationInMinutes: 75,
      correctAnswerScore: 1,
      wrongAnswerScore: 0.33,
      unAnsweredScore: 0,
    });
    expect(EXAM_TEMPLATES['revision-test']).toMatchObject({
      title: 'Revision Tests',
      totalMarks: 40,
      totalQuestions: 40,
      examDurationInMinutes: 30,
      correctAnswerScore: 1,
      wrongAnswerScore: 0.33,
      unAnsweredScore: 0,
    });
    expect(Object.values(EXAM_TEMPLATES).every((template) => template.examType === 'freestyle')).toBe(true);
  });
});
