import type { QuestionGroup } from '../../shared/exams/exams.schema.ts';
import { questionKeysOf } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { Db } from '../../server/db/database.ts';
import type { ExamRow } from '../../server/db/types.ts';
import { paperHash, paperOf } from '../../server/exams/papers.ts';

/**
 * The benchmarks' exam: one group of `count` plain four-option questions, `q1` to `qN`, question i's
 * right answer option i % 4, its text `question(i)` and its first tag `tag(i)` (none when left out).
 */
export function benchQuestionGroups(
  count: number,
  options: { durationInMins: number; question: (i: number) => string; tag?: (i: number) => string },
): QuestionGroup[] {
  return [
    {
      resId: 'g1',
      title: 'General knowledge',
      durationInMins: options.durationInMins,
      hasTimeRestriction: false,
      questions: Array.from({ length: count }, (_, i) => ({
        resId: `q${i + 1}`,
        question: options.question(i),
        options: ['A', 'B', 'C', 'D'],
        correctAnswerIndex: i % 4,
        isVoided: false,
        questionMimeType: 'text' as const,
        bannerImageId: null,
        bannerImageFizeSizeInBytes: null,
        tag1: options.tag?.(i) ?? '',
        tag2: '',
        tag3: '',
        tag4: '',
        tag5: '',
        solution: '',
      })),
    },
  ];
}

/**
 * A published mock test (+1, a .33 penalty) of `groups`, as an editor's save leaves it: its answer key
 * and its paper's hash written. Answers its row.
 */
export async function insertBenchExam(db: Db, title: string, groups: QuestionGroup[]): Promise<ExamRow> {
  const questions = groups.reduce((sum, group) => sum + group.questions.length, 0);
  const exam = await db
    .insertInto('exams')
    .values({
      title,
      template_id: 'mock-test',
      is_visible: true,
      is_published: true,
      total_marks: questions,
      total_questions: questions,
      exam_duration_in_minutes: 75,
      correct_answer_score: 1,
      wrong_answer_score: 0.33,
      un_answered_score: 0,
      instructions: JSON.stringify([]),
      question_groups: JSON.stringify(groups),
      scoring_key: JSON.stringify(questionKeysOf({ questionGroups: groups })),
      publish_warnings: [],
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return db
    .updateTable('exams')
    .set({ paper_hash: paperHash(paperOf(exam)) })
    .where('id', '=', exam.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
