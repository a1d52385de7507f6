import { useState } from 'react';
import { useLocation } from 'wouter';
import { Trophy } from 'lucide-react';
import type { UserListEntry } from '../../../../shared/users/users-list.schema.ts';
import { WINNER_DRAFT_DEFAULTS, WINNER_MESSAGES } from '../../../../shared/winners/winners.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { winnerEditorPath } from '../winners/winner-paths.ts';

/** 'Draft Winner Announcement' on a user's row: Yes drafts an announcement for them and opens its editor. */
export function DraftWinnerAction({ user }: { user: UserListEntry }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const create = api.winners.create.useMutation();
  const name = user.name.trim();
  const draft = async () => {
    const created = await create.mutateAsync({
      user: user._id,
      winnerName: name || user.phoneNumber || 'Winner',
      claimMessage: WINNER_DRAFT_DEFAULTS.claimMessage,
      titleMessage: WINNER_DRAFT_DEFAULTS.titleMessage,
      examTitle: '',
      rank: 1,
      totalParticipants: 0,
    });
    await utils.winners.list.invalidate();
    navigate(winnerEditorPath(created._id));
  };
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trophy aria-hidden="true" />
        Draft Winner Announcement
      </Button>
      <ConfirmModal
        open={open}
        onOpenChange={setOpen}
        title="Draft Winner Announcement"
        text={`Do you want to draft a winner announcement for ${name || user.phoneNumber || 'this user'}?`}
        cancelLabel="No"
        confirmLabel="Yes"
        busyLabel="Drafting..."
        describeError={(error) => ({ title: WINNER_MESSAGES.draftFailedTitle, message: messageOr(error, WINNER_MESSAGES.draftFailedFallback) })}
        onConfirm={draft}
      />
    </>
  );
}
DraftWinnerAction.displayName = 'DraftWinnerAction';
