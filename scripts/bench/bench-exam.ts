import type { QuestionGroup } from '../../shared/exams/exams.schema.ts';

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
