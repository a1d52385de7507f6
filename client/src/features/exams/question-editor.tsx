import { memo, useCallback, useEffect, useRef } from 'react';
import { ArrowDown, ArrowUp, ChevronDown, ChevronRight } from 'lucide-react';
import { QUESTION_MIME_TYPES } from '../../../../shared/exams/exam.constants.ts';
import type { Question } from '../../../../shared/exams/exams.schema.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SelectField, optionsOf } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { cn } from '../../lib/utils.ts';
import { optionLetter, QuestionOptions, QuestionTagsAndSolution, type QuestionEdit, type QuestionPatch } from './question-parts.tsx';
import { QuestionImageField } from './question-image-field.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { VOIDED_EXPLANATION, VoidedBadge } from './voided-badge.tsx';

/** One line saying what a collapsed question is about. */
export function questionSummary(question: Question): string {
  const text = question.question.trim().replace(/\s+/g, ' ');
  if (text) return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  return question.questionMimeType === 'image' ? (question.bannerImageId ? 'Image question' : 'Image question without an image') : 'No question text yet';
}

/**
 * A question moved past the edge of a run of a large group (see question-list.tsx) is mounted
 * anew in its new run; its Move button takes the keyboard back, as it keeps it within a run.
 */
let moveFocus: { resId: string; direction: -1 | 1 } | null = null;

/** The id of a question's list item, so that "Jump to question" can bring it into view. */
export function questionElementId(resId: string): string {
  return `q-${resId}`;
}

export interface QuestionEditorProps {
  question: Question;
  /** 0-based place in its group. */
  index: number;
  count: number;
  groupLabel: string;
  /** Its number in the whole exam; shown when the exam has several groups. */
  examNumber?: number | undefined;
  expanded: boolean;
  /** The question just jumped to, outlined so the eye finds it. */
  highlighted?: boolean;
  onToggle: (resId: string) => void;
  onChange: (index: number, patch: Partial<Question>) => void;
  /** A change made from the question as it is when the change is made (an option typed, added or removed). */
  onEdit: (index: number, edit: (question: Question) => Question) => void;
  onMove: (index: number, direction: -1 | 1) => void;
  onRemove: (index: number) => void;
  onUploadBusyChange?: (busy: boolean) => void;
}

/** One question of a group: text or image, options with the correct one chosen by a radio, tags and solution. */
export const QuestionEditor = memo(function QuestionEditor({
  question,
  index,
  count,
  groupLabel,
  examNumber,
  expanded,
  highlighted = false,
  onToggle,
  onChange,
  onEdit,
  onMove,
  onRemove,
  onUploadBusyChange,
}: QuestionEditorProps) {
  const number = index + 1;
  const name = `Question ${number} of ${groupLabel}`;
  const id = questionElementId(question.resId);
  const correct = question.correctAnswerIndex;
  const summary = questionSummary(question);
  // Kept the same from render to render, so that the parts that did not change are not rendered again.
  const patch = useCallback<QuestionPatch>((values) => onChange(index, values), [onChange, index]);
  const edit = useCallback<QuestionEdit>((change) => onEdit(index, change), [onEdit, index]);
  const moveUp = useRef<HTMLButtonElement>(null);
  const moveDown = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moveFocus?.resId !== question.resId) return;
    (moveFocus.direction === -1 ? moveUp : moveDown).current?.focus();
    moveFocus = null;
  }, [question.resId]);
  const move = (direction: -1 | 1) => {
    if (document.activeElement === (direction === -1 ? moveUp : moveDown).current) {
      moveFocus = { resId: question.resId, direction };
      // Only for the render this move makes: a question that stayed in its run still has the focus.
      setTimeout(() => (moveFocus = null));
    }
    onMove(index, direction);
  };

  return (
    // The scroll margin keeps a question brought into view clear of the editor's sticky header.
    // Off screen, a row is neither laid out nor painted (content-visibility), so that a keystroke in
    // a 2,000-question exam lays out what is in view, not the whole list. It keeps its last height
    // while skipped, but no width: a row drawn wide must not hold the page wide on a narrower window.
    <li
      id={id}
      aria-label={name}
      className={cn(
        'mt-2 scroll-mt-32 rounded-md border first:mt-0 bg-background [contain-intrinsic-size:none_auto_3.5rem] [content-visibility:auto]',
        highlighted && 'ring-2 ring-primary/60',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 px-3 py-2">
        {/* The whole one-line summary opens and closes the question. */}
        <Button
          variant="ghost"
          size="sm"
          className="h-auto min-h-8 min-w-0 flex-1 justify-start px-1 py-1 text-left font-normal"
          aria-expanded={expanded}
          aria-label={`${expanded ? 'Collapse' : 'Expand'} ${name}`}
          title={summary}
          onClick={() => onToggle(question.resId)}
        >
          {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          {examNumber !== undefined && (
            <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs tabular-nums text-muted-foreground">No. {examNumber}</span>
          )}
          <span className="shrink-0 text-sm font-semibold">Q{number}.</span>
          <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">{summary}</span>
        </Button>
        <VoidedBadge isVoided={question.isVoided} />
        {correct >= 0 && correct < question.options.length ? (
          <Badge variant="success">Answer {optionLetter(correct)}</Badge>
        ) : (
          <Badge variant="warning">No correct answer</Badge>
        )}
        <div className="flex items-center">
          <Button ref={moveUp} variant="ghost" size="icon" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(-1)}>
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button ref={moveDown} variant="ghost" size="icon" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => move(1)}>
            <ArrowDown aria-hidden="true" />
          </Button>
          <RemoveButton label={`Remove ${name}`} onClick={() => onRemove(index)} />
        </div>
      </div>
      {expanded && (
        <div className="grid gap-4 border-t px-3 py-3 md:px-4">
          <div className="grid items-start gap-4 sm:grid-cols-[12rem_1fr]">
            <SelectField
              id={`${id}-type`}
              label="Question type"
              value={question.questionMimeType}
              options={optionsOf(QUESTION_MIME_TYPES, (type) => (type === 'text' ? 'Text' : 'Image'))}
              onChange={(questionMimeType) => onChange(index, { questionMimeType })}
            />
            <FormField id={`${id}-text`} label={question.questionMimeType === 'image' ? 'Question text (optional with an image)' : 'Question'}>
              {(control) => (
                <TextArea
                  {...control}
                  rows={2}
                  maxLength={20000}
                  value={question.question}
                  onChange={(event) => onChange(index, { question: event.target.value })}
                />
              )}
            </FormField>
          </div>

          {question.questionMimeType === 'image' && (
            <QuestionImageField
              name={name}
              bannerImageId={question.bannerImageId}
              sizeInBytes={question.bannerImageFizeSizeInBytes}
              patch={patch}
              {...(onUploadBusyChange ? { onUploadBusyChange } : {})}
            />
          )}

          <QuestionOptions name={name} options={question.options} correct={correct} edit={edit} patch={patch} />
          <SwitchField
            id={`${id}-voided`}
            label="Void this question"
            description={VOIDED_EXPLANATION}
            checked={question.isVoided}
            onCheckedChange={(isVoided) => onChange(index, { isVoided })}
          />
          <QuestionTagsAndSolution
            id={id}
            tag1={question.tag1}
            tag2={question.tag2}
            tag3={question.tag3}
            tag4={question.tag4}
            tag5={question.tag5}
            solution={question.solution}
            patch={patch}
          />
        </div>
      )}
    </li>
  );
});
QuestionEditor.displayName = 'QuestionEditor';
