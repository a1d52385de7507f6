import type { RankMove, RegradeSummary } from '../../../../shared/exams/regrade.schema.ts';

const SCORE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-IN');

/** A score as staff read it: at most two decimals, Indian grouping ("1,23,456.5"). */
export function formatScore(score: number): string {
  return SCORE.format(score === 0 ? 0 : score);
}

/** A change of score with its sign: "+1.33", "-0.33", "0". */
export function formatScoreChange(change: number): string {
  const rounded = Math.round(change * 100) / 100;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${formatScore(rounded)}` : `-${formatScore(-rounded)}`;
}

/** A count with its noun: "1 attempt", "2,500 attempts". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${COUNT.format(count)} ${count === 1 ? one : many}`;
}

/** What the toast and the history say of a regrade: "3 results changed", "No result changed". */
export function resultsChanged(changed: number): string {
  return changed === 0 ? 'No result changed' : `${counted(changed, 'result')} changed`;
}

/** The summary of a dry run (or of an applied regrade) as label and value rows, in reading order. */
export function summaryRows(summary: RegradeSummary): Array<{ label: string; value: string }> {
  const rows = [
    { label: 'Attempts re-marked', value: COUNT.format(summary.attempts) },
    { label: 'Scores that change', value: COUNT.format(summary.changedAttempts) },
    { label: 'Up / down', value: `${COUNT.format(summary.up)} up, ${COUNT.format(summary.down)} down` },
  ];
  // The gain, loss and average say nothing when no score changes.
  if (summary.changedAttempts > 0)
    rows.push(
      { label: 'Largest gain', value: formatScoreChange(summary.maxGain) },
      { label: 'Largest loss', value: formatScoreChange(-Math.abs(summary.maxLoss)) },
      { label: 'Average change', value: formatScoreChange(summary.averageChange) },
    );
  rows.push(
    { label: 'In progress (marked by the new key on submission)', value: COUNT.format(summary.inProgress) },
    { label: 'Ranked students', value: COUNT.format(summary.ranked) },
    { label: 'Ranks that change', value: COUNT.format(summary.moved) },
  );
  return rows;
}

/** "Rank 7 → 3" and "41 → 44.33": a move as its row reads. */
export function rankMoveText(move: RankMove): { rank: string; score: string } {
  return { rank: `${move.rankBefore} → ${move.rankAfter}`, score: `${formatScore(move.scoreBefore)} → ${formatScore(move.scoreAfter)}` };
}
