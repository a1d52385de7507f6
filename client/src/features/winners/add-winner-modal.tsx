import { z } from 'zod';
import { titleSchema } from '../../../../shared/validation/fields.ts';
import { WINNER_MESSAGES } from '../../../../shared/winners/winners.schema.ts';
import { createByTitleModal } from '../../components/create-by-title-modal.tsx';
import { api } from '../../lib/trpc.ts';
import { winnerEditorPath } from './winner-paths.ts';

const newItemSchema = z.object({ title: titleSchema(WINNER_MESSAGES.titleRequired) });

/** Adds the record and refreshes the list behind the dialog. */
function useCreate() {
  const utils = api.useUtils();
  const create = api.winners.create.useMutation({ onSuccess: () => utils.winners.list.invalidate() });
  // The title asked for is the winner's name.
  return (title: string) => create.mutateAsync({ winnerName: title });
}

/** The listing's 'New Item': a blank announcement by its title (the winner's name), then its editor. */
export const AddWinnerModal = createByTitleModal('AddWinnerModal', useCreate, {
  title: 'New Item',
  description: 'A blank winner announcement; to announce a student, use Draft Winner Announcement on the Users list.',
  submitLabel: 'Create Announcement',
  errorTitle: 'Item cannot be added',
  fieldId: 'new-winner-title',
  placeholder: 'e.g. Asha Nair',
  schema: newItemSchema,
  pathOf: winnerEditorPath,
});
