/**
 * Item analysis of a ranked exam: for each question, how the students ranked by the last sync
 * answered it, and whether its figures suggest a problem (too easy, too hard, or a likely wrong key).
 */

/** The share of the ranking in each of the upper and lower bands (Kelley's 27 %), in percent. */
export const DISCRIMINATION_BAND_PERCENT = 27;
/**
 * The fewest ranked students whose bands say anything: 10 gives bands of 3. Below it the
 * discrimination index is not given (null).
 */
export const MIN_STUDENTS_FOR_DISCRIMINATION = 10;
/** Facility above this: too easy. */
export const TOO_EASY_ABOVE = 0.9;
/** Facility below this: too hard. */
export const TOO_HARD_BELOW = 0.2;
/** How much of a question's text the analysis shows. */
export const EXCERPT_LENGTH = 80;

export const ITEM_FLAGS = ['too-easy', 'too-hard', 'negative-discrimination'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  'too-easy': 'Too easy',
  'too-hard': 'Too hard',
  'negative-discrimination': 'Negative discrimination',
};

/** A band of the ranking: the upper 27 %, the lower 27 %, or the students between. */
export const BAND = { upper: 1, middle: 0, lower: -1 } as const;
export type Band = (typeof BAND)[keyof typeof BAND];

/**
 * How many students each of the upper and lower bands holds: 27 % of `students`, rounded half up
 * (in whole numbers, so the database and this agree exactly); 0 below the minimum.
 */
export function bandSize(students: number): number {
  if (students < MIN_STUDENTS_FOR_DISCRIMINATION) return 0;
  return Math.floor((DISCRIMINATION_BAND_PERCENT * students + 50) / 100);
}

/** A position (1 = best) in the ranking's order of `students`: its band. */
export function bandOf(position: number, students: number): Band {
  const size = bandSize(students);
  if (position <= size) return BAND.upper;
  if (position > students - size) return BAND.lower;
  return BAND.middle;
}

/** Per band: how many students (or answers). */
export interface BandCounts {
  all: number;
  upper: number;
  lower: number;
}

/** What the ranked attempts tell of one question, summed over the papers that held it. */
export interface QuestionTally {
  /** The ranked students whose paper held the question. */
  students: BandCounts;
  /** Option index → the students who chose it. */
  chosen: Map<number, BandCounts>;
  /** Time spent by the students who saw it, and how many did. */
  timeMs: number;
  seen: number;
}

/** The database's count of ranked students per paper and band. */
export interface PaperBandRow {
  paperId: string;
  band: number;
  students: number;
}

/** The database's count per paper, position in the paper (1 = first), band and option chosen (-1: none). */
export interface AnswerRow extends PaperBandRow {
  position: number;
  answer: number;
  timeMs: number;
  seen: number;
}

const emptyCounts = (): BandCounts => ({ all: 0, upper: 0, lower: 0 });

function addTo(counts: BandCounts, band: number, value: number): void {
  counts.all += value;
  if (band === BAND.upper) counts.upper += value;
  else if (band === BAND.lower) counts.lower += value;
}

/**
 * Sums the database's rows per question: each paper position is mapped to its question by the
 * paper's question ids (`papers`: paper id → ids in order), so a question counts once however many
 * papers held it, at whatever place.
 */
export function tallyQuestions(
  papers: ReadonlyMap<string, readonly string[]>,
  paperBands: readonly PaperBandRow[],
  answers: readonly AnswerRow[],
): Map<string, QuestionTally> {
  const tallies = new Map<string, QuestionTally>();
  const tallyOf = (resId: string) => {
    let tally = tallies.get(resId);
    if (!tally) {
      tally = { students: emptyCounts(), chosen: new Map(), timeMs: 0, seen: 0 };
      tallies.set(resId, tally);
    }
    return tally;
  };
  for (const row of paperBands) {
    for (const resId of papers.get(row.paperId) ?? []) addTo(tallyOf(resId).students, row.band, row.students);
  }
  for (const row of answers) {
    const resId = papers.get(row.paperId)?.[row.position - 1];
    if (resId === undefined) continue;
    const tally = tallyOf(resId);
    tally.timeMs += row.timeMs;
    tally.seen += row.seen;
    if (row.answer < 0) continue;
    let option = tally.chosen.get(row.answer);
    if (!option) {
      option = emptyCounts();
      tally.chosen.set(row.answer, option);
    }
    addTo(option, row.band, row.students);
  }
  return tallies;
}

export interface ItemFigures {
  students: number;
  facility: number | null;
  discrimination: number | null;
  options: Array<{ index: number; count: number; share: number | null; isCorrect: boolean }>;
  unattempted: number;
  unattemptedShare: number | null;
  averageTimeMs: number | null;
  flags: ItemFlag[];
}

/** Four decimal places: what the analysis shows of a share. */
export function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** The flags of a question's figures (a voided question has none). */
export function flagsOf(figures: { facility: number | null; discrimination: number | null }, isVoided: boolean): ItemFlag[] {
  if (isVoided) return [];
  const flags: ItemFlag[] = [];
  if (figures.facility !== null && figures.facility > TOO_EASY_ABOVE) flags.push('too-easy');
  if (figures.facility !== null && figures.facility < TOO_HARD_BELOW) flags.push('too-hard');
  if (figures.discrimination !== null && figures.discrimination < 0) flags.push('negative-discrimination');
  return flags;
}

/**
 * A question's figures by its key now. Facility: the share of the students who had it that chose the
 * correct option (unattempted is not correct). Discrimination (Kelley): the share correct in the upper
 * band minus that in the lower band, each among the band's students who had it; null without both.
 * Options: every option of the question (`optionCount`) and any other chosen, in order.
 */
export function itemFigures(tally: QuestionTally | undefined, key: { correctAnswerIndex: number; isVoided: boolean }, optionCount: number): ItemFigures {
  const students = tally?.students ?? emptyCounts();
  const chosen = tally?.chosen ?? new Map<number, BandCounts>();
  const correct = key.correctAnswerIndex >= 0 ? (chosen.get(key.correctAnswerIndex) ?? emptyCounts()) : emptyCounts();
  const facility = shareOf(correct.all, students.all);
  const upper = shareOf(correct.upper, students.upper);
  const lower = shareOf(correct.lower, students.lower);
  const discrimination = upper === null || lower === null ? null : upper - lower;
  const lastOption = Math.max(optionCount, ...[...chosen.keys()].map((index) => index + 1));
  const options = Array.from({ length: lastOption }, (_, index) => {
    const count = chosen.get(index)?.all ?? 0;
    const share = shareOf(count, students.all);
    return { index, count, share: share === null ? null : round4(share), isCorrect: index === key.correctAnswerIndex };
  });
  const unattempted = students.all - options.reduce((sum, option) => sum + option.count, 0);
  const unattemptedShare = shareOf(unattempted, students.all);
  const seen = tally?.seen ?? 0;
  return {
    students: students.all,
    facility: facility === null ? null : round4(facility),
    discrimination: discrimination === null ? null : round4(discrimination),
    options,
    unattempted,
    unattemptedShare: unattemptedShare === null ? null : round4(unattemptedShare),
    averageTimeMs: seen > 0 ? Math.round((tally?.timeMs ?? 0) / seen) : null,
    flags: flagsOf({ facility, discrimination }, key.isVoided),
  };
}

/** A question's text as one short line: tags and spaces collapsed, cut at `EXCERPT_LENGTH` with an ellipsis. */
export function questionExcerpt(text: string): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length <= EXCERPT_LENGTH ? plain : `${plain.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** An option's letter: 0 → A. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}
