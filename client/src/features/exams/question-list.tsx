import { memo } from 'react';
import type { Question } from '../../../../shared/exams/exams.schema.ts';
import { QuestionEditor } from './question-editor.tsx';

/**
 * A large group's questions are rendered in runs of this many. A keystroke in one question gives
 * the group a new question list; each run then compares its own questions by reference and only
 * the run holding the edited question renders again, so typing in a 2,000-question group renders
 * 50 rows, not 2,000. A group of up to RUNS_FROM questions is one run, so its rows are never
 * moved from one run to another (which mounts them anew).
 */
export const QUESTIONS_PER_RUN = 50;
export const RUNS_FROM = 2 * QUESTIONS_PER_RUN;

export interface QuestionListProps {
  questions: readonly Question[];
  groupLabel: string;
  /** The number in the exam of the group's first question; null when the exam has one group. */
  firstNumber: number | null;
  highlightedResId: string | null;
  isOpen: (resId: string) => boolean;
  onToggle: (resId: string) => void;
  onChange: (index: number, patch: Partial<Question>) => void;
  onEdit: (index: number, edit: (question: Question) => Question) => void;
  onMove: (index: number, direction: -1 | 1) => void;
  onRemove: (index: number) => void;
  onUploadBusyChange: (busy: boolean) => void;
}

interface QuestionRunProps extends QuestionListProps {
  start: number;
  end: number;
}

/** Equal when every prop but the list is the same and the run's own questions are the same objects. */
function sameRun(before: QuestionRunProps, after: QuestionRunProps): boolean {
  for (const key of Object.keys(after) as Array<keyof QuestionRunProps>) {
    if (key !== 'questions' && before[key] !== after[key]) return false;
  }
  if (before.questions.length !== after.questions.length) return false;
  for (let at = after.start; at < after.end; at += 1) {
    if (before.questions[at] !== after.questions[at]) return false;
  }
  return true;
}

const QuestionRun = memo(function QuestionRun({ questions, start, end, groupLabel, firstNumber, highlightedResId, isOpen, ...handlers }: QuestionRunProps) {
  const rows = [];
  for (let index = start; index < end; index += 1) {
    const question = questions[index]!;
    rows.push(
      <QuestionEditor
        key={question.resId}
        question={question}
        index={index}
        count={questions.length}
        groupLabel={groupLabel}
        examNumber={firstNumber === null ? undefined : firstNumber + index}
        expanded={isOpen(question.resId)}
        highlighted={question.resId === highlightedResId}
        {...handlers}
      />,
    );
  }
  return <>{rows}</>;
}, sameRun);
QuestionRun.displayName = 'QuestionRun';

/** A group's questions, one list item each, rendered in runs (see QUESTIONS_PER_RUN). */
export function QuestionList(props: QuestionListProps) {
  const runs = [];
  const count = props.questions.length;
  const size = count > RUNS_FROM ? QUESTIONS_PER_RUN : Math.max(count, 1);
  for (let start = 0; start < count; start += size) {
    const end = Math.min(start + size, count);
    // Keyed by position: a run is a slice of places, whichever questions fill them.
    runs.push(<QuestionRun key={start} {...props} start={start} end={end} />);
  }
  // Sized by the card, never by its rows: without inline-size containment the list is as wide as
  // its longest one-line summary (which does not wrap), and on a phone that pushes the whole page
  // sideways. Block layout, not flex: a keystroke that changes one row's height lays the list out
  // again, and a flex column of 2,000 rows took three times as long to lay out as a block. Each
  // row keeps its own space above it (question-editor.tsx), not a rule over its siblings (space-y),
  // which the browser matches and re-checks along all 2,000 of them.
  return <ol className="[contain:inline-size]">{runs}</ol>;
}
QuestionList.displayName = 'QuestionList';
