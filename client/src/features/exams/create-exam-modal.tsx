import { DEFAULT_TEMPLATE_ID, EXAM_TEMPLATES, TEMPLATE_IDS } from '../../../../shared/exams/exam.constants.ts';
import { createExamInputSchema } from '../../../../shared/exams/exams.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { SelectField, optionsOf } from '../../components/form/select-field.tsx';
import { useCreateAndOpen } from '../../components/use-create-and-open.ts';
import { api } from '../../lib/trpc.ts';
import { TEMPLATE_LABELS } from './exam-labels.ts';
import { examEditorPath } from './exam-paths.ts';

function templateSummary(templateId: string): string {
  const template = EXAM_TEMPLATES[templateId as keyof typeof EXAM_TEMPLATES];
  if (!template) return '';
  if (template.totalQuestions === 0) return 'Starts empty: every setting is yours to fill in.';
  return `${template.totalQuestions} questions, ${template.totalMarks} marks, ${template.examDurationInMinutes} minutes; +${template.correctAnswerScore} per correct answer, ${template.wrongAnswerScore} off per wrong answer.`;
}

/** The dialog's fields as it opens (the template select also offers a blank choice). */
const NEW_EXAM: { title: string; templateId: string } = { title: '', templateId: DEFAULT_TEMPLATE_ID };

/** 'Create Exam': a title and a template; the new exam copies the template's settings and opens in the editor. */
export function CreateExamModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = api.useUtils();
  const create = api.exams.create.useMutation({ onSuccess: () => utils.exams.list.invalidate() });
  const form = useCreateAndOpen({
    initial: NEW_EXAM,
    schema: createExamInputSchema,
    create: (data) => create.mutateAsync(data),
    pathOf: examEditorPath,
    onOpenChange,
  });
  const { title, templateId } = form.values;
  const { errors, setErrors } = form;

  // A field's message goes as soon as the field is changed; the next submit checks again.
  const clearError = (field: 'title' | 'templateId') => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  return (
    <FormModal
      open={open}
      onOpenChange={form.change}
      title="Create Exam"
      description="Name the exam and choose the template whose marks, questions, duration and scoring it starts with."
      submitLabel="Create Exam"
      busyLabel="Creating..."
      errorTitle="Course cannot be added"
      onSubmit={form.submit}
    >
      <FormField id="new-exam-title" label="Title" error={errors.title}>
        {(control) => (
          <Input
            {...control}
            autoFocus
            maxLength={300}
            placeholder="e.g. LD Clerk Mock Test 12"
            value={title}
            onChange={(event) => {
              form.setValues((current) => ({ ...current, title: event.target.value }));
              clearError('title');
            }}
          />
        )}
      </FormField>
      <SelectField
        id="new-exam-template"
        label="Template"
        error={errors.templateId}
        hint={templateSummary(templateId)}
        value={templateId}
        options={[{ value: '', label: 'Select a template' }, ...optionsOf(TEMPLATE_IDS, (id) => TEMPLATE_LABELS[id])]}
        onChange={(chosen) => {
          form.setValues((current) => ({ ...current, templateId: chosen }));
          clearError('templateId');
        }}
      />
    </FormModal>
  );
}
CreateExamModal.displayName = 'CreateExamModal';
