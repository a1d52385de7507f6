import { useState } from 'react';
import { ListChecks } from 'lucide-react';
import { copyExamInputSchema } from '../../../../shared/exams/exams.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useCreateAndOpen } from '../../components/use-create-and-open.ts';
import { api } from '../../lib/trpc.ts';
import { ExamPicker } from './exam-picker.tsx';
import { examEditorPath } from './exam-paths.ts';

/**
 * 'Copy Exam': the id of the exam to copy (typed, or chosen from the picker). The copy is
 * hidden, keeps the settings and questions, and opens in the editor.
 */
export function CopyExamModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [chosenTitle, setChosenTitle] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const utils = api.useUtils();
  const copy = api.exams.copy.useMutation({ onSuccess: () => utils.exams.list.invalidate() });
  const form = useCreateAndOpen({
    initial: { id: '' },
    schema: copyExamInputSchema,
    create: (data) => copy.mutateAsync(data),
    pathOf: examEditorPath,
    onOpenChange,
    onReset: () => setChosenTitle(null),
  });
  const id = form.values.id;

  return (
    <>
      <FormModal
        open={open}
        onOpenChange={form.change}
        title="Copy Exam"
        description="The copy keeps the settings and questions, starts hidden, and has no attempts or ranking."
        submitLabel="Copy Exam"
        busyLabel="Copying..."
        errorTitle="Exam cannot be added"
        onSubmit={form.submit}
      >
        <FormField
          id="copy-exam-id"
          label="Exam id"
          error={form.errors.id}
          hint={chosenTitle ? `Copying “${chosenTitle}”` : 'The id is the last part of the exam editor’s address.'}
        >
          {(control) => (
            <Input
              {...control}
              autoFocus
              placeholder="e.g. 5b0c8f9e-3f7a-4d2b-9c61-2a7e4f0d1b35"
              value={id}
              onChange={(event) => {
                form.setValues({ id: event.target.value });
                setChosenTitle(null);
              }}
            />
          )}
        </FormField>
        <Button variant="outline" className="justify-self-start" onClick={() => setPicking(true)}>
          <ListChecks aria-hidden="true" />
          Choose from the list
        </Button>
      </FormModal>
      <ExamPicker
        open={picking}
        onOpenChange={setPicking}
        selection="single"
        title="Choose the exam to copy"
        initialSelectedIds={id ? [id.trim()] : []}
        onConfirm={([exam]) => {
          if (!exam) return;
          form.setValues({ id: exam._id });
          setChosenTitle(exam.title);
          form.setErrors({});
        }}
      />
    </>
  );
}
CopyExamModal.displayName = 'CopyExamModal';
