import { ANSWER_GRACE_SECONDS } from './attempts.schema.ts';

export interface GroupWindow {
  opensAtMs: number;
  closesAtMs: number;
}

/**
 * When each group takes answers. The server keeps the clock: the exam runs from the start
 * for its duration; time-restricted groups get their own windows one after the other, in
 * order, from the start (each cut at the exam's deadline); other groups are open throughout.
 */
export function groupWindows(
  groups: ReadonlyArray<{ durationInMins: number; hasTimeRestriction: boolean }>,
  startedAtMs: number,
  deadlineMs: number,
): GroupWindow[] {
  let cursor = startedAtMs;
  return groups.map((group) => {
    if (!group.hasTimeRestriction) return { opensAtMs: startedAtMs, closesAtMs: deadlineMs };
    const opensAtMs = Math.min(cursor, deadlineMs);
    const closesAtMs = Math.min(cursor + group.durationInMins * 60_000, deadlineMs);
    cursor = closesAtMs;
    return { opensAtMs, closesAtMs };
  });
}

export function deadlineOf(startedAtMs: number, examDurationInMinutes: number): number {
  return startedAtMs + examDurationInMinutes * 60_000;
}

/** Answers are still taken a short grace after a closing time (network delays, clocks a little off). */
export function isWithinGrace(nowMs: number, closesAtMs: number): boolean {
  return nowMs <= closesAtMs + ANSWER_GRACE_SECONDS * 1000;
}

/** Fisher–Yates with an injected random source, so tests can fix the order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A quiz's order for one attempt: questions shuffled within each group and options within each question. */
export function quizLayout(
  groups: ReadonlyArray<{ resId: string; questions: ReadonlyArray<{ resId: string; options: readonly string[] }> }>,
  random: () => number = Math.random,
) {
  return {
    groups: groups.map((group) => ({
      resId: group.resId,
      questions: shuffled(group.questions, random).map((question) => ({
        resId: question.resId,
        options: shuffled(
          question.options.map((_, index) => index),
          random,
        ),
      })),
    })),
  };
}
