import { createRankFileInputSchema } from '../../../../shared/rank-files/rank-files.schema.ts';
import { CreateByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { rankFileEditorPath } from './rank-file-paths.ts';

/** 'Add Rank File': asks for a title, adds the rank file and opens its editor. */
export function AddRankFileModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const utils = api.useUtils();
  const create = api.rankFiles.create.useMutation({ onSuccess: () => utils.rankFiles.list.invalidate() });
  return (
    <CreateByTitleModal
      open={open}
      onOpenChange={onOpenChange}
      title="Add Rank File"
      description="Give the rank file a title; its exams and ranking are set in its editor."
      submitLabel="Add Rank File"
      errorTitle="Item cannot be added"
      fieldId="new-rank-file-title"
      placeholder="e.g. LDC 2026 rank list"
      schema={createRankFileInputSchema}
      create={(title) => create.mutateAsync({ title })}
      pathOf={(id) => rankFileEditorPath(id)}
    />
  );
}
AddRankFileModal.displayName = 'AddRankFileModal';
