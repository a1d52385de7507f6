import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { attemptSchema, type AttemptLayout, type AttemptView, type ExamPaper } from '../../../../shared/exams/attempts.schema.ts';
import type { ExamAttemptRow } from '../../../../server/db/types.ts';
import { attemptJson } from '../../../../server/exams/attempt-json.ts';
import { attemptView } from '../../../../server/exams/attempt-view.ts';
import type { StoredAnswer } from '../../../../server/exams/attempts.repository.ts';
import { PLAIN_QUESTION } from '../../../support/exam-factory.ts';

/** What the route's schema makes of a view: the text the attempt routes sent before attemptJson. */
const bySchema = serializerCompiler({ schema: attemptSchema, method: 'POST', url: '/api/student/exams/:examId/attempts' }) as (view: AttemptView) => string;

function paperOf(groups: ExamPaper['questionGroups'], examType: ExamPaper['examType'] = 'freestyle'): ExamPaper {
  return {
    examId: '00000000-0000-4000-8000-000000000001',
    title: 'Mock test "1" \\ ചോദ്യപേപ്പർ',
    examType,
    instructions: ['Read every question.', 'ഉത്തരം ശ്രദ്ധിച്ച് എഴുതുക\u2028'],
    questionGroups: groups,
    totalMarks: 4,
    totalQuestions: 4,
    examDurationInMinutes: 60,
    correctAnswerScore: 1,
    wrongAnswerScore: 0.33,
    unAnsweredScore: 0,
  };
}

type PaperQuestion = ExamPaper['questionGroups'][number]['questions'][number];

const question = (resId: string, text: string, extra: Partial<PaperQuestion> = {}): PaperQuestion => ({
  resId,
  question: text,
  options: ['A', 'ബി', 'C "c"', 'D'],
  correctAnswerIndex: 1,
  isVoided: false,
  ...PLAIN_QUESTION,
  solution: 'never sent',
  ...extra,
});

/** Two groups: one of tricky texts (quotes, a backslash, Malayalam conjuncts, an emoji, a line separator) and an image question. */
function groups(): ExamPaper['questionGroups'] {
  return [
    {
      resId: 'g1',
      title: 'General knowledge',
      durationInMins: 30,
      hasTimeRestriction: false,
      questions: [question('q1', '"ക്ഷ" \\ ന്റെ'), question('q2', 'emoji 🎓\u2028'), question('q3', 'plain')],
    },
    {
      resId: 'g2',
      title: 'Maps',
      durationInMins: 30,
      hasTimeRestriction: true,
      questions: [question('m1', 'Which map?', { questionMimeType: 'image', bannerImageId: 'asset-1' })],
    },
  ];
}

function attemptRow(id: string, layout: AttemptLayout | null = null): ExamAttemptRow {
  return {
    id,
    exam_id: '00000000-0000-4000-8000-000000000001',
    user_id: '00000000-0000-4000-8000-000000000002',
    paper_id: '00000000-0000-4000-8000-000000000003',
    attempt_number: 1,
    status: 'in-progress',
    layout,
    started_at: new Date('2026-11-28T10:00:00.000Z'),
    deadline_at: new Date('2026-11-28T11:00:00.000Z'),
  } as ExamAttemptRow;
}

const same = (view: AttemptView) => expect(attemptJson(view).toString('utf8')).toBe(bySchema(view));

describe('an attempt as JSON', () => {
  it("is, for a new attempt of a paper, the schema's text, with the questions shared by every new attempt of the paper", () => {
    const paper = paperOf(groups());
    const first = attemptView(attemptRow('00000000-0000-4000-8000-00000000000a'), paper, new Map());
    const second = attemptView(attemptRow('00000000-0000-4000-8000-00000000000b'), paper, new Map());
    expect(second.questionGroups[0]!.questions).toBe(first.questionGroups[0]!.questions);
    expect(Object.isFrozen(first.questionGroups[1]!.questions[0])).toBe(true);
    same(first);
    same(second);
    expect(attemptJson(first).toString()).not.toContain('never sent');
    expect(JSON.parse(attemptJson(second).toString())._id).toBe('00000000-0000-4000-8000-00000000000b');
  });

  it("is the schema's text for an attempt with saved answers, and for a quiz's own order", () => {
    const paper = paperOf(groups(), 'quiz');
    const saved = new Map<string, StoredAnswer>([['q2', { providedAnswerIndex: 3, timeElapsedInMs: 1200, revision: 4 }]]);
    const answered = attemptView(attemptRow('00000000-0000-4000-8000-00000000000c'), paper, saved);
    expect(Object.isFrozen(answered.questionGroups[0]!.questions)).toBe(false);
    expect(answered.questionGroups[0]!.questions[1]).toMatchObject({ providedAnswerIndex: 3, revision: 4 });
    same(answered);
    const layout: AttemptLayout = {
      groups: [
        {
          resId: 'g1',
          questions: [
            { resId: 'q3', options: [3, 2, 1, 0] },
            { resId: 'q1', options: [1, 0, 2, 3] },
            { resId: 'q2', options: [0, 1, 2, 3] },
          ],
        },
        { resId: 'g2', questions: [{ resId: 'm1', options: [2, 3, 0, 1] }] },
      ],
    };
    const shuffled = attemptView(attemptRow('00000000-0000-4000-8000-00000000000d', layout), paper, new Map());
    expect(shuffled.questionGroups[0]!.questions.map((question) => question.resId)).toEqual(['q3', 'q1', 'q2']);
    same(shuffled);
  });

  it('sends only what the schema has, from the questions of its own as from the rest', () => {
    const view = attemptView(
      attemptRow('00000000-0000-4000-8000-00000000000e'),
      paperOf(groups()),
      new Map([['q1', { providedAnswerIndex: 0, timeElapsedInMs: 1, revision: 1 }]]),
    );
    const leaky = {
      ...view,
      secret: 'x',
      questionGroups: view.questionGroups.map((group) => ({
        ...group,
        questions: group.questions.map((question) => ({ ...question, correctAnswerIndex: 2 })),
      })),
    } as AttemptView;
    const text = attemptJson(leaky).toString();
    expect(text).not.toContain('correctAnswerIndex');
    expect(text).not.toContain('secret');
    expect(text).toBe(bySchema(leaky));
  });

  it('refuses a view the schema refuses, as the route would', () => {
    const view = attemptView(attemptRow('00000000-0000-4000-8000-00000000000f'), paperOf(groups()), new Map());
    expect(() => attemptJson({ ...view, startedAt: 'yesterday' })).toThrow();
  });
});
