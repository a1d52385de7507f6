import { LAKSHYA_STUDENT_MESSAGES } from '../../../../shared/lakshya-students/lakshya-students.rules.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import type { Notice } from '../../components/notice-modal.tsx';
import { errorWarnings, serverMessageOf } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';

/** What a refused save or delete shows: the warnings, or the message, or "Unknown error". */
function warningsNotice(error: unknown): Notice {
  const warnings = errorWarnings(error);
  if (warnings.length > 0) return { kind: 'error', title: 'Warnings!', warnings, warningsIntro: LAKSHYA_STUDENT_MESSAGES.processFailed };
  return { kind: 'error', title: 'Warnings!', warnings: [serverMessageOf(error) ?? 'Unknown error'], warningsIntro: LAKSHYA_STUDENT_MESSAGES.processFailed };
}

export interface DeleteStudentsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selected: ReadonlySet<string>;
  onDeleted: () => void;
  /** A refused delete closes the question and shows why. */
  onRefused: (notice: Notice) => void;
}

/** Delete Students: asks first, then deletes the ticked students. */
export function DeleteStudentsModal({ open, onOpenChange, selected, onDeleted, onRefused }: DeleteStudentsModalProps) {
  const utils = api.useUtils();
  const remove = api.lakshyaStudents.delete.useMutation();
  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Students"
      text={`Delete ${selected.size} selected student${selected.size === 1 ? '' : 's'} from the list? Rate cards free to special students close for them.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ value: [...selected] });
        } catch (error) {
          onOpenChange(false);
          onRefused(warningsNotice(error));
          return;
        }
        onDeleted();
        onOpenChange(false);
        await utils.lakshyaStudents.list.invalidate();
      }}
    />
  );
}
DeleteStudentsModal.displayName = 'DeleteStudentsModal';
