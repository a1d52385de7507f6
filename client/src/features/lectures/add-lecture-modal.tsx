import { createLectureInputSchema } from '../../../../shared/lectures/lectures.schema.ts';
import { addTexts, createByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { lectureEditorPath } from './lecture-paths.ts';

/** Adds the record and refreshes the list behind the dialog. */
function useCreate() {
  const utils = api.useUtils();
  const create = api.lectures.create.useMutation({ onSuccess: () => utils.lectures.list.invalidate() });
  return (title: string) => create.mutateAsync({ title });
}

/** 'Add Lecture': asks for a title, creates the lecture and opens its editor. */
export const AddLectureModal = createByTitleModal('AddLectureModal', useCreate, {
  ...addTexts('Lecture'),
  description: 'Give the lecture a title; everything else is set in its editor.',
  placeholder: 'e.g. Indian Constitution: Fundamental Rights',
  schema: createLectureInputSchema,
  pathOf: lectureEditorPath,
});
