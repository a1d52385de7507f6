import { Trash2 } from 'lucide-react';
import { ATTEMPT_LOCKS, EXAM_SUBJECTS, EXAM_TYPES, PSC_EXAMS } from '../../../../shared/exams/exam.constants.ts';
import { EXAM_WARNINGS, emptyInstructionLines } from '../../../../shared/exams/exam-publish.rules.ts';
import { round2 } from '../../../../shared/exams/exam-scoring.rules.ts';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SelectField, optionsOf, type SelectOption } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { TextAreaField } from '../../components/form/text-area-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import type { FieldErrors } from '../../lib/forms.ts';
import { parseNumber, questionCount, type ExamDraft, type ExamNumberField } from './exam-draft.ts';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';
import { EXAM_TYPE_HINTS, EXAM_TYPE_LABELS } from './exam-labels.ts';

export const WRONG_ANSWER_HINT = 'Enter the penalty as a positive number (e.g. .33): it is subtracted from the score for each wrong answer.';

export const ATTEMPT_LOCK_LABELS: Readonly<Record<(typeof ATTEMPT_LOCKS)[number], string>> = {
  [-1]: '-1 (disabled)',
  1: '1 attempt',
};

/** A "Not set" choice, then each keyed entry of a fixed list. */
function keyedOptions(entries: ReadonlyArray<{ key: string; label: string }>): SelectOption<string>[] {
  return [{ value: '', label: 'Not set' }, ...entries.map((entry) => ({ value: entry.key, label: entry.label }))];
}

export interface ExamGeneralTabProps {
  draft: ExamDraft;
  onChange: (patch: Partial<ExamDraft>) => void;
  errors: FieldErrors;
}

interface NumberFieldProps {
  field: ExamNumberField;
  label: string;
  draft: ExamDraft;
  onChange: (patch: Partial<ExamDraft>) => void;
  errors: FieldErrors;
  hint?: string;
  step?: string;
  min?: number;
}

function NumberField({ field, label, draft, onChange, errors, hint, step = '0.01', min }: NumberFieldProps) {
  const bind = bindDraft(draft, onChange, errors);
  return <TextField id={`exam-${field}`} label={label} hint={hint} type="number" inputMode="decimal" step={step} min={min} {...bind.text(field)} />;
}

/**
 * The instruction lines. While the exam is to be visible, a blank line is marked with the
 * warning that keeps the exam offline (the same rule the server applies on save).
 */
function InstructionsField({ draft, onChange }: Omit<ExamGeneralTabProps, 'errors'>) {
  const set = (instructions: string[]) => onChange({ instructions });
  const empty = new Set(draft.isVisible ? emptyInstructionLines(draft.instructions) : []);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Instructions</legend>
      {draft.instructions.length === 0 && <p className="text-sm text-muted-foreground">No instructions yet. Students see each line as a point.</p>}
      <ol className="grid gap-2">
        {draft.instructions.map((line, index) => {
          const number = index + 1;
          const errorId = `exam-instruction-${number}-error`;
          return (
            <li key={index} className="grid gap-1">
              <div className="flex items-center gap-2">
                <span aria-hidden="true" className="w-6 shrink-0 text-right text-sm text-muted-foreground">
                  {number}.
                </span>
                <Input
                  aria-label={`Instruction ${number}`}
                  aria-invalid={empty.has(number) || undefined}
                  aria-describedby={empty.has(number) ? errorId : undefined}
                  maxLength={2000}
                  value={line}
                  onChange={(event) => set(draft.instructions.map((current, at) => (at === index ? event.target.value : current)))}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove instruction ${number}`}
                  onClick={() => set(draft.instructions.filter((_, at) => at !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {empty.has(number) && (
                <p id={errorId} className="pl-8 text-xs font-medium text-destructive">
                  {EXAM_WARNINGS.emptyInstruction(number)}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <AddRowButton size="sm" onClick={() => set([...draft.instructions, ''])}>
        Add instruction
      </AddRowButton>
    </fieldset>
  );
}

/** What the questions add up to, beside the declared totals, so that a mismatch is easy to see. */
function totalsHint(draft: ExamDraft): string {
  const count = questionCount(draft);
  const correct = parseNumber(draft.correctAnswerScore);
  const marks = Number.isFinite(correct) ? round2(count * correct) : null;
  return `The questions now add up to ${count} question${count === 1 ? '' : 's'}${marks === null ? '' : ` and ${marks} marks`}.`;
}

/** The General tab: every setting of the exam apart from its questions. */
export function ExamGeneralTab({ draft, onChange, errors }: ExamGeneralTabProps) {
  const bind = bindDraft(draft, onChange, errors);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Type and visibility" description="A visible exam is published once nothing holds it back and its publish time has come.">
        <SelectField
          id="exam-examType"
          label="Exam type"
          hint={EXAM_TYPE_HINTS[draft.examType]}
          options={optionsOf(EXAM_TYPES, (type) => EXAM_TYPE_LABELS[type])}
          {...bind.choice('examType')}
        />
        {draft.examType === 'freestyle' && (
          <SwitchField
            id="exam-showInRecentExams"
            label="Show in recent exams"
            description="Listed among the recent exams in the students' app."
            {...bind.toggle('showInRecentExams')}
          />
        )}
        <SwitchField
          id="exam-isVisible"
          label="Public visibility"
          description={draft.isVisible ? 'Students can see this exam once it is published.' : 'Hidden from students.'}
          {...bind.toggle('isVisible')}
        />
        <SwitchField id="exam-isSticky" label="Sticky" description="Kept at the top of the students' exam list." {...bind.toggle('isSticky')} />
        <FormField
          id="exam-publishDateTime"
          label="Publish date and time (India time)"
          error={errors.publishDateTimeInMs}
          hint="Students can start the exam from then; leave it empty to open it as soon as it is published."
        >
          {(control) => (
            <div className="flex gap-2">
              <Input {...control} type="datetime-local" value={draft.publishDateTime} onChange={(event) => onChange({ publishDateTime: event.target.value })} />
              <Button variant="outline" disabled={draft.publishDateTime === ''} onClick={() => onChange({ publishDateTime: '' })}>
                Clear
              </Button>
            </div>
          )}
        </FormField>
      </SectionCard>

      <SectionCard title="Category and rate card" description="Where students find the exam, and which subscription gives access to it.">
        <SelectField id="exam-examCategoryKey" label="PSC exam" options={keyedOptions(PSC_EXAMS)} {...bind.choice('examCategoryKey')} />
        <SelectField id="exam-examCourseTypeKey" label="Subject" options={keyedOptions(EXAM_SUBJECTS)} {...bind.choice('examCourseTypeKey')} />
        <RateCardSelect
          id="exam-masterSubscription"
          label="Rate card"
          hint="Students with this subscription can take the exam."
          {...bind.choice('masterSubscription')}
        />
      </SectionCard>

      <SectionCard
        title="Scoring"
        description="Marks per question and how many attempts a student has."
        contentClassName="grid items-start gap-4 sm:grid-cols-2"
      >
        <NumberField field="correctAnswerScore" label="Correct answer score" draft={draft} onChange={onChange} errors={errors} />
        <NumberField field="wrongAnswerScore" label="Wrong answer penalty" min={0} hint={WRONG_ANSWER_HINT} draft={draft} onChange={onChange} errors={errors} />
        <NumberField field="unAnsweredScore" label="Unanswered score" draft={draft} onChange={onChange} errors={errors} />
        <SelectField
          id="exam-maxNumberOfAttempts"
          label="Attempt lock"
          error={errors.maxNumberOfAttempts}
          value={String(draft.maxNumberOfAttempts)}
          options={ATTEMPT_LOCKS.map((lock) => ({ value: String(lock), label: ATTEMPT_LOCK_LABELS[lock] }))}
          onChange={(lock) => onChange({ maxNumberOfAttempts: lock === '1' ? 1 : -1 })}
        />
      </SectionCard>

      <SectionCard title="Size and time" description={totalsHint(draft)} contentClassName="grid items-start gap-4 sm:grid-cols-2">
        <NumberField field="totalMarks" label="Total marks" min={0} draft={draft} onChange={onChange} errors={errors} />
        <NumberField field="totalQuestions" label="Total questions" step="1" min={0} draft={draft} onChange={onChange} errors={errors} />
        <NumberField field="examDurationInMinutes" label="Duration (minutes)" step="1" min={0} draft={draft} onChange={onChange} errors={errors} />
      </SectionCard>

      <SectionCard title="Description and instructions" description="Shown to students before they start." className="lg:col-span-2">
        <TextAreaField id="exam-description" label="Description" rows={3} maxLength={20000} {...bind.text('description')} />
        <InstructionsField draft={draft} onChange={onChange} />
      </SectionCard>
    </div>
  );
}
ExamGeneralTab.displayName = 'ExamGeneralTab';
