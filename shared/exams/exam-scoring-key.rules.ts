import type { ScoringPaper } from './exam-scoring.rules.ts';

/**
 * How an exam's attempts are marked: its marks, and each question's correct option and whether it
 * is voided. A paper holds the questions as a student saw them; the key is the exam's, as it is now,
 * so an attempt is always marked by the current key, also one started before the key changed. A
 * question taken out of the exam keeps its last key (the attempts that had it are not re-marked).
 */
export interface ExamMarks {
  correctAnswerScore: number;
  wrongAnswerScore: number;
  unAnsweredScore: number;
  totalMarks: number;
}

export interface QuestionKey {
  correctAnswerIndex: number;
  isVoided: boolean;
}

/** As stored on the exam: question id → [correct option, 1 if voided]. */
export type StoredQuestionKeys = Record<string, [number, 0 | 1]>;

export interface ScoringKey extends ExamMarks {
  questions: StoredQuestionKeys;
}

interface KeyedGroups {
  questionGroups: ReadonlyArray<{ questions: ReadonlyArray<{ resId: string; correctAnswerIndex: number; isVoided?: boolean | undefined }> }>;
}

/** The keys of the exam's questions now, over the keys it had (so a question taken out keeps its last). */
export function questionKeysOf(exam: KeyedGroups, earlier: StoredQuestionKeys = {}): StoredQuestionKeys {
  const keys: StoredQuestionKeys = { ...earlier };
  for (const group of exam.questionGroups) {
    for (const question of group.questions) keys[question.resId] = [question.correctAnswerIndex, question.isVoided ? 1 : 0];
  }
  return keys;
}

export function questionKeyOf(key: ScoringKey, resId: string): QuestionKey | undefined {
  const stored = key.questions[resId];
  return stored ? { correctAnswerIndex: stored[0], isVoided: stored[1] === 1 } : undefined;
}

/** The paper marked by the key: its questions and layout, with the key's marks and answers. */
export function markedPaper<P extends ScoringPaper>(paper: P, key: ScoringKey): P {
  return {
    ...paper,
    correctAnswerScore: key.correctAnswerScore,
    wrongAnswerScore: key.wrongAnswerScore,
    unAnsweredScore: key.unAnsweredScore,
    totalMarks: key.totalMarks,
    questionGroups: paper.questionGroups.map((group) => ({
      ...group,
      questions: group.questions.map((question) => {
        const keyed = questionKeyOf(key, question.resId);
        return keyed ? { ...question, correctAnswerIndex: keyed.correctAnswerIndex, isVoided: keyed.isVoided } : question;
      }),
    })),
  };
}

const MARK_FIELDS = ['correctAnswerScore', 'wrongAnswerScore', 'unAnsweredScore', 'totalMarks'] as const;
export type MarkField = (typeof MARK_FIELDS)[number];

export type ScoringChange =
  | { kind: 'key'; questionResId: string; from: number; to: number }
  | { kind: 'void' | 'unvoid'; questionResId: string }
  | { kind: 'marks'; field: MarkField; from: number; to: number };

/**
 * What a save changes in how submitted attempts are marked: the marks, and the key of each question
 * the exam had before and still has (a new question is in no submitted paper; one taken out keeps its key).
 */
export function scoringChanges(before: ScoringKey, after: ScoringKey): ScoringChange[] {
  const changes: ScoringChange[] = [];
  for (const field of MARK_FIELDS) {
    if (Number(before[field]) !== Number(after[field])) changes.push({ kind: 'marks', field, from: Number(before[field]), to: Number(after[field]) });
  }
  for (const [resId, [correct, voided]] of Object.entries(after.questions)) {
    const earlier = before.questions[resId];
    if (!earlier) continue;
    if (earlier[1] !== voided) changes.push({ kind: voided ? 'void' : 'unvoid', questionResId: resId });
    if (earlier[0] !== correct) changes.push({ kind: 'key', questionResId: resId, from: earlier[0], to: correct });
  }
  return changes;
}
