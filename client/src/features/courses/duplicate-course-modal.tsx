import { useEffect, useState } from 'react';
import { duplicateCourseInputSchema } from '../../../../shared/courses/courses.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import { api } from '../../lib/trpc.ts';

export interface DuplicateCourseModalProps {
  course: { _id: string; title: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** 'Duplicate Course': how many hidden copies to make of a course, with everything in it. */
export function DuplicateCourseModal({ course, onOpenChange }: DuplicateCourseModalProps) {
  const utils = api.useUtils();
  const duplicate = api.courses.duplicate.useMutation({ onSuccess: () => utils.courses.list.invalidate() });
  const [count, setCount] = useState('1');
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (course) {
      setCount('1');
      setErrors({});
    }
  }, [course]);

  const submit = async () => {
    // An empty or non-numeric count is refused with the same message as 0.
    const checked = validateForm(duplicateCourseInputSchema, { count: count.trim() === '' ? Number.NaN : Number(count) });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const answer = await duplicate.mutateAsync({ id: course!._id, count: checked.data.count });
    toastSuccess(answer._ids.length === 1 ? 'Course duplicated' : `${answer._ids.length} copies made`, 'Copies stay hidden until you switch them on.');
    onOpenChange(false);
  };

  return (
    <FormModal
      open={course !== null}
      onOpenChange={onOpenChange}
      title="Duplicate Course"
      description={course ? `Hidden copies of “${course.title}” with its subjects, lectures, exams, rank files and notes.` : undefined}
      submitLabel="Duplicate"
      busyLabel="Duplicating..."
      busy={duplicate.isPending}
      errorTitle="Course cannot be duplicated"
      onSubmit={submit}
    >
      <FormField id="duplicate-course-count" label="Count" error={errors.count} hint="How many copies to make.">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={count}
            onChange={(event) => {
              setCount(event.target.value);
              setErrors({});
            }}
          />
        )}
      </FormField>
    </FormModal>
  );
}
DuplicateCourseModal.displayName = 'DuplicateCourseModal';
