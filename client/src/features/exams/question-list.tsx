import { memo, useEffect, useRef } from 'react';
import { Flag } from 'lucide-react';
import { useSearch } from 'wouter';
import type { Question } from '../../../../shared/exams/exams.schema.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { QUESTION_PARAM } from './exam-paths.ts';
import { openReportsLabel, useOpenReportCount } from './key-report-counts.tsx';
import { QuestionEditor, questionElementId } from './question-editor.tsx';

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

/**
 * The open reports of a wrong answer key of the question below it: a line of its own in the list,
 * shown only when the question has open reports.
 */
function ReportBadge({ resId, name }: { resId: string; name: string }) {
  const count = useOpenReportCount(resId);
  if (count === 0) return null;
  return (
    <li aria-label={`${name}: ${openReportsLabel(count)}`} className="mt-2 flex first:mt-0">
      <Badge variant="warning" className="gap-1">
        <Flag aria-hidden="true" className="size-3" />
        {openReportsLabel(count)}
      </Badge>
    </li>
  );
}

const QuestionRun = memo(function QuestionRun({ questions, start, end, groupLabel, firstNumber, highlightedResId, isOpen, ...handlers }: QuestionRunProps) {
  const rows = [];
  for (let index = start; index < end; index += 1) {
    const question = questions[index]!;
    rows.push(<ReportBadge key={`reports-${question.resId}`} resId={question.resId} name={`Question ${index + 1} of ${groupLabel}`} />);
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

/**
 * Opens the question the address names (`?question=`, e.g. from the Reports tab's "Regrade…") when it
 * is one of this list's, then brings it into view with the keyboard on it.
 */
function useOpenNamedQuestion({ questions, isOpen, onToggle }: Pick<QuestionListProps, 'questions' | 'isOpen' | 'onToggle'>) {
  const named = new URLSearchParams(useSearch()).get(QUESTION_PARAM);
  const here = named !== null && questions.some((question) => question.resId === named);
  const open = here && isOpen(named);
  // Once per question named: a question opened this way can be closed again.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!here || handled.current === named) return;
    if (!open) {
      onToggle(named);
      return;
    }
    handled.current = named;
    const item = document.getElementById(questionElementId(named));
    item?.scrollIntoView({ block: 'start' });
    item?.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus({ preventScroll: true });
    // Only when the address names another question or it has just opened: not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [named, here, open]);
}

/** A group's questions, one list item each, rendered in runs (see QUESTIONS_PER_RUN). */
export function QuestionList(props: QuestionListProps) {
  useOpenNamedQuestion(props);
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
