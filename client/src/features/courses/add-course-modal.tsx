import { createCourseInputSchema } from '../../../../shared/courses/courses.schema.ts';
import { addTexts, createByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { courseEditorPath } from './course-paths.ts';

/** Adds the record and refreshes the list behind the dialog. */
function useCreate() {
  const utils = api.useUtils();
  const create = api.courses.create.useMutation({ onSuccess: () => utils.courses.list.invalidate() });
  return (title: string) => create.mutateAsync({ title });
}

/** 'Add Course': asks for a title, adds the course and opens its editor. */
export const AddCourseModal = createByTitleModal('AddCourseModal', useCreate, {
  ...addTexts('Course'),
  description: 'Give the course a title; its subjects, plan and price are set in its editor.',
  placeholder: 'e.g. LDC Complete Course 2026',
  schema: createCourseInputSchema,
  pathOf: courseEditorPath,
});
