import { memo } from 'react';
import { Plus, X } from 'lucide-react';
import { MAX_OPTION_COUNT, QUESTION_TAG_KEYS } from '../../../../shared/exams/exam.constants.ts';
import type { Question } from '../../../../shared/exams/exams.schema.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { addOption, removeOption, setOption } from './exam-draft.ts';

/**
 * The parts of an open question that do not change while its text is typed, each rendered again
 * only when what it shows changes: a key in the question's text leaves the options, tags and
 * solution as they are.
 */

/** A, B, C, ... as students see the options. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** A change of the question from what it is when the change is made. */
export type QuestionEdit = (edit: (question: Question) => Question) => void;
export type QuestionPatch = (patch: Partial<Question>) => void;

export const QuestionOptions = memo(function QuestionOptions({
  name,
  options,
  correct,
  edit,
  patch,
}: {
  name: string;
  options: readonly string[];
  correct: number;
  edit: QuestionEdit;
  patch: QuestionPatch;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Options (choose the correct one)</legend>
      <RadioGroup
        aria-label={`Correct answer of ${name}`}
        value={correct >= 0 ? String(correct) : ''}
        onValueChange={(value) => patch({ correctAnswerIndex: Number(value) })}
      >
        {options.map((option, optionIndex) => {
          const letter = optionLetter(optionIndex);
          return (
            <div key={optionIndex} className="flex items-center gap-2">
              <RadioGroupItem value={String(optionIndex)} aria-label={`Option ${letter} is correct`} />
              <span aria-hidden="true" className="w-5 text-sm font-medium">
                {letter}
              </span>
              <Input
                aria-label={`Option ${letter}`}
                maxLength={5000}
                value={option}
                onChange={(event) => {
                  const text = event.target.value;
                  edit((question) => setOption(question, optionIndex, text));
                }}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove option ${letter}`}
                disabled={options.length <= 2}
                onClick={() => edit((question) => removeOption(question, optionIndex))}
              >
                <X aria-hidden="true" />
              </Button>
            </div>
          );
        })}
      </RadioGroup>
      <Button variant="outline" size="sm" className="justify-self-start" disabled={options.length >= MAX_OPTION_COUNT} onClick={() => edit(addOption)}>
        <Plus aria-hidden="true" />
        Add option
      </Button>
    </fieldset>
  );
});
QuestionOptions.displayName = 'QuestionOptions';

type Tags = Pick<Question, (typeof QUESTION_TAG_KEYS)[number]>;

export const QuestionTagsAndSolution = memo(function QuestionTagsAndSolution({
  id,
  solution,
  patch,
  ...tags
}: Tags & { id: string; solution: string; patch: QuestionPatch }) {
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Tags</legend>
        <div className="grid gap-2 sm:grid-cols-5">
          {QUESTION_TAG_KEYS.map((key, tagIndex) => (
            <Input
              key={key}
              aria-label={`Tag ${tagIndex + 1}`}
              placeholder={`Tag ${tagIndex + 1}`}
              maxLength={200}
              value={tags[key]}
              onChange={(event) => patch({ [key]: event.target.value })}
            />
          ))}
        </div>
      </fieldset>
      <FormField id={`${id}-solution`} label="Solution">
        {(control) => (
          <TextArea
            {...control}
            rows={2}
            maxLength={20000}
            placeholder="Shown to students with their result"
            value={solution}
            onChange={(event) => patch({ solution: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
});
QuestionTagsAndSolution.displayName = 'QuestionTagsAndSolution';
