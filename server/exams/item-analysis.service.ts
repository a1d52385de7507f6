import { paperQuestionIds } from '../../shared/exams/attempt-answers.rules.ts';
import { openReportCounts } from './key-reports.repository.ts';
import { questionKeyOf } from '../../shared/exams/exam-scoring-key.rules.ts';
import type { QuestionGroup } from '../../shared/exams/exams.schema.ts';
import { bandSize, itemFigures, questionExcerpt, tallyQuestions } from '../../shared/exams/item-analysis.rules.ts';
import { ITEM_ANALYSIS_MESSAGES, type ItemAnalysis, type ItemAnalysisQuestion } from '../../shared/exams/item-analysis.schema.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { examRowOrThrow } from './exams.service.ts';
import { allowItemAnalysis, examPapersById, itemAnalysisRows } from './item-analysis.repository.ts';
import { currentScoringKey } from './scoring-key.ts';

type Question = QuestionGroup['questions'][number];

/** Each question in the order the analysis lists them: the exam's now, then those only older papers held. */
function listedQuestions(current: readonly QuestionGroup[], papers: ReadonlyArray<{ paper: { questionGroups: QuestionGroup[] } }>) {
  const listed = new Map<string, { number: number | null; group: string; question: Question }>();
  let number = 0;
  for (const group of current) for (const question of group.questions) listed.set(question.resId, { number: (number += 1), group: group.title, question });
  // A question taken out is described as the newest paper that held it shows it.
  const older = new Map<string, { group: string; question: Question }>();
  for (const { paper } of papers) {
    for (const group of paper.questionGroups) {
      for (const question of group.questions) if (!listed.has(question.resId)) older.set(question.resId, { group: group.title, question });
    }
  }
  for (const [resId, entry] of older) listed.set(resId, { number: null, ...entry });
  return listed;
}

/**
 * The item analysis of an exam's current ranking: for each question, how the ranked students (each
 * one's first submitted attempt, up to the last sync's cut-off) answered it, marked by the exam's key
 * now. The database tallies the attempts' answer arrays per paper and place (one statement); here
 * each place is mapped to its question and the papers are summed.
 */
export async function itemAnalysis(ctx: Pick<AppContext, 'db'>, { examId }: { examId: string }): Promise<ItemAnalysis> {
  // One snapshot: the ranking, the attempts and the key as they stood together, whatever a sync or a regrade commits meanwhile.
  const { exam, rows, papers, key, lastRankRefresh, reports } = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const exam = await examRowOrThrow(trx, examId);
      if (exam.rank_version === 0 || exam.last_rank_refresh === null) throw new AppError('conflict', ITEM_ANALYSIS_MESSAGES.neverSynced);
      await allowItemAnalysis(trx);
      const rows = await itemAnalysisRows(trx, exam);
      const papers = await examPapersById(trx, exam.id, [...new Set(rows.paperBands.map((row) => row.paperId))]);
      const reports = await openReportCounts(trx, exam.id);
      return { exam, rows, papers, key: await currentScoringKey(trx, exam.id), lastRankRefresh: exam.last_rank_refresh, reports };
    });
  const tallies = tallyQuestions(new Map(papers.map(({ id, paper }) => [id, paperQuestionIds(paper)])), rows.paperBands, rows.answers);
  const participants = rows.paperBands.reduce((sum, row) => sum + row.students, 0);

  const questions: ItemAnalysisQuestion[] = [];
  for (const [resId, { number, group, question }] of listedQuestions(exam.question_groups, papers)) {
    const keyed = questionKeyOf(key, resId) ?? { correctAnswerIndex: question.correctAnswerIndex, isVoided: question.isVoided };
    questions.push({
      number,
      resId,
      group,
      excerpt: questionExcerpt(question.question),
      isVoided: keyed.isVoided,
      correctAnswerIndex: keyed.correctAnswerIndex,
      ...itemFigures(tallies.get(resId), keyed, question.options.length),
      openReports: reports.get(resId) ?? 0,
    });
  }
  return { examId: exam.id, participants, bandSize: bandSize(participants), lastRankRefresh: lastRankRefresh.getTime(), questions };
}
