import { createRankFileInputSchema } from '../../../../shared/rank-files/rank-files.schema.ts';
import { addTexts, createByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { rankFileEditorPath } from './rank-file-paths.ts';

/** Adds the record and refreshes the list behind the dialog. */
function useCreate() {
  const utils = api.useUtils();
  const create = api.rankFiles.create.useMutation({ onSuccess: () => utils.rankFiles.list.invalidate() });
  return (title: string) => create.mutateAsync({ title });
}

/** 'Add Rank File': asks for a title, adds the rank file and opens its editor. */
export const AddRankFileModal = createByTitleModal('AddRankFileModal', useCreate, {
  ...addTexts('Rank File'),
  // This screen has always said 'Item' here.
  errorTitle: 'Item cannot be added',
  description: 'Give the rank file a title; its exams and ranking are set in its editor.',
  placeholder: 'e.g. LDC 2026 rank list',
  schema: createRankFileInputSchema,
  pathOf: rankFileEditorPath,
});
