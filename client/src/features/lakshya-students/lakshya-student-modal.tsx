import { useEffect, useState } from 'react';
import type { LakshyaStudent } from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import { LAKSHYA_STUDENT_MESSAGES } from '../../../../shared/lakshya-students/lakshya-students.rules.ts';
import { FormModal, type ModalFailure } from '../../components/form-modal.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { delay } from '../../lib/delay.ts';
import { errorMessage, errorWarnings } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';

/** The pause before a student is saved, as the specification has it. */
export const SAVE_STUDENT_DELAY_MS = 400;

export interface StudentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The student being edited; none for a new one. */
  student: LakshyaStudent | null;
  onSaved: (student: LakshyaStudent, isNew: boolean) => void;
}

/** A refused save, inside the form (which keeps what was typed): 'Warnings!' with the server's warnings or message. */
export function studentSaveFailure(error: unknown): ModalFailure {
  const warnings = errorWarnings(error);
  const message = errorMessage(error);
  // The intro says the process failed; the server's own message would only say it again.
  if (warnings.length > 0) return { title: 'Warnings!', message: '', warnings, warningsIntro: LAKSHYA_STUDENT_MESSAGES.processFailed };
  return { title: 'Warnings!', message, warnings: [message], warningsIntro: LAKSHYA_STUDENT_MESSAGES.processFailed };
}

/** New Student / Edit Student Details: name (required), phone number, expiry date (optional). */
export function StudentModal({ open, onOpenChange, student, onSaved }: StudentModalProps) {
  const create = api.lakshyaStudents.create.useMutation();
  const update = api.lakshyaStudents.update.useMutation();
  const [name, setName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  useEffect(() => {
    if (!open) return;
    setName(student?.name ?? '');
    setPhoneNumber(student?.phoneNumber ?? '');
    setExpiryDate(student?.expiryDate ?? '');
    setNameError(undefined);
  }, [open, student]);

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={student ? 'Edit Student Details' : 'New Student'}
      submitLabel="Save"
      describeError={studentSaveFailure}
      onSubmit={async () => {
        if (name.trim() === '') {
          setNameError('Name is required');
          return;
        }
        setNameError(undefined);
        await delay(SAVE_STUDENT_DELAY_MS);
        const value = { name, phoneNumber, expiryDate: expiryDate || null };
        // A refusal or a network failure is shown inside the form, which keeps what was typed.
        const saved = student ? await update.mutateAsync({ id: student._id, value }) : await create.mutateAsync({ value });
        onSaved(saved, student === null);
        onOpenChange(false);
      }}
    >
      <FormField id="student-name" label="Name" error={nameError}>
        {(control) => <Input {...control} maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />}
      </FormField>
      <FormField id="student-phone" label="Phone number">
        {(control) => (
          <Input
            {...control}
            inputMode="tel"
            placeholder="10-digit mobile number"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
          />
        )}
      </FormField>
      <FormField id="student-expiry" label="Expiry date" hint="Optional: no end when empty.">
        {(control) => <Input {...control} type="date" value={expiryDate} onChange={(event) => setExpiryDate(event.target.value)} />}
      </FormField>
    </FormModal>
  );
}
StudentModal.displayName = 'StudentModal';
