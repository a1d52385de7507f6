import { createLectureInputSchema } from '../../../../shared/lectures/lectures.schema.ts';
import { CreateByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { lectureEditorPath } from './lecture-paths.ts';

/** 'Add Lecture': asks for a title, creates the lecture and opens its editor. */
export function AddLectureModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = api.useUtils();
  const create = api.lectures.create.useMutation({ onSuccess: () => utils.lectures.list.invalidate() });
  return (
    <CreateByTitleModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Lecture"
      description="Give the lecture a title; everything else is set in its editor."
      submitLabel="Add Lecture"
      errorTitle="Lecture cannot be added"
      fieldId="new-lecture-title"
      placeholder="e.g. Indian Constitution: Fundamental Rights"
      schema={createLectureInputSchema}
      create={(title) => create.mutateAsync({ title })}
      pathOf={lectureEditorPath}
    />
  );
}
AddLectureModal.displayName = 'AddLectureModal';
