import { createCourseInputSchema } from '../../../../shared/courses/courses.schema.ts';
import { CreateByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { courseEditorPath } from './course-paths.ts';

/** 'Add Course': asks for a title, adds the course and opens its editor. */
export function AddCourseModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = api.useUtils();
  const create = api.courses.create.useMutation({ onSuccess: () => utils.courses.list.invalidate() });
  return (
    <CreateByTitleModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Course"
      description="Give the course a title; its subjects, plan and price are set in its editor."
      submitLabel="Add Course"
      errorTitle="Course cannot be added"
      fieldId="new-course-title"
      placeholder="e.g. LDC Complete Course 2026"
      schema={createCourseInputSchema}
      create={(title) => create.mutateAsync({ title })}
      pathOf={(id) => courseEditorPath(id)}
    />
  );
}
AddCourseModal.displayName = 'AddCourseModal';
