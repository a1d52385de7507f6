import { useState } from 'react';
import { useLocation } from 'wouter';
import { ListChecks } from 'lucide-react';
import { copyExamInputSchema } from '../../../../shared/exams/exams.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validateForm } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';
import { ExamPicker } from './exam-picker.tsx';
import { examEditorPath } from './exam-paths.ts';

/**
 * 'Copy Exam': the id of the exam to copy (typed, or chosen from the picker). The copy is
 * hidden, keeps the settings and questions, and opens in the editor.
 */
export function CopyExamModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [id, setId] = useState('');
  const [chosenTitle, setChosenTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [picking, setPicking] = useState(false);
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const copy = api.exams.copy.useMutation({ onSuccess: () => utils.exams.list.invalidate() });

  const change = (next: boolean) => {
    if (next) {
      setId('');
      setChosenTitle(null);
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const result = validateForm(copyExamInputSchema, { id });
    if (!result.ok) {
      setError(result.errors.id);
      return;
    }
    setError(undefined);
    const created = await copy.mutateAsync(result.data);
    onOpenChange(false);
    navigate(examEditorPath(created._id));
  };

  return (
    <>
      <FormModal
        open={open}
        onOpenChange={change}
        title="Copy Exam"
        description="The copy keeps the settings and questions, starts hidden, and has no attempts or ranking."
        submitLabel="Copy Exam"
        busyLabel="Copying..."
        errorTitle="Exam cannot be added"
        onSubmit={submit}
      >
        <FormField
          id="copy-exam-id"
          label="Exam id"
          error={error}
          hint={chosenTitle ? `Copying “${chosenTitle}”` : 'The id is the last part of the exam editor’s address.'}
        >
          {(control) => (
            <Input
              {...control}
              autoFocus
              placeholder="e.g. 5b0c8f9e-3f7a-4d2b-9c61-2a7e4f0d1b35"
              value={id}
              onChange={(event) => {
                setId(event.target.value);
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
          setId(exam._id);
          setChosenTitle(exam.title);
          setError(undefined);
        }}
      />
    </>
  );
}
CopyExamModal.displayName = 'CopyExamModal';
