import { useState } from 'react';
import { COMPOSER_LIMITS } from '../../../../shared/push/push.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { ComposerResourcePreview } from './composer-resource-preview.tsx';
import { ComposerTargetFields } from './composer-target-fields.tsx';
import { useComposerDraft, type ComposerResource } from './use-composer-draft.ts';

export type { ComposerResource } from './use-composer-draft.ts';

/** The pause before a notification is sent, as the specification has it. */
export const SEND_DELAY_MS = 300;
export const PUBLISH_CONFIRMATION_TEXT = 'You cannot undo this action. Do you really want to publish this push notification now?';

export interface ComposerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  resource: ComposerResource;
}

/** Compose Message: the resource it opens (read-only), title, body and who it goes to; Send Now asks first. */
export function ComposerModal({ open, onOpenChange, resource }: ComposerModalProps) {
  const send = api.push.send.useMutation();
  const draft = useComposerDraft(open, resource);
  const { title, body, shown } = draft;
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <>
      <Dialog open={open && !confirming} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Compose Message</DialogTitle>
            <DialogDescription>A push notification to the students' phones; tapping it opens what is shown below.</DialogDescription>
          </DialogHeader>
          <ComposerResourcePreview resource={resource} />
          <FormField id="composer-title" label={`Title (${title.length}/${COMPOSER_LIMITS.title})`} error={shown.title}>
            {(control) => <Input {...control} maxLength={COMPOSER_LIMITS.title} value={title} onChange={(event) => draft.setTitle(event.target.value)} />}
          </FormField>
          <FormField id="composer-body" label={`Body (${body.length}/${COMPOSER_LIMITS.body})`} error={shown.body}>
            {(control) => (
              <TextArea {...control} rows={3} maxLength={COMPOSER_LIMITS.body} value={body} onChange={(event) => draft.setBody(event.target.value)} />
            )}
          </FormField>
          {resource.course ? (
            <p className="text-sm">
              <span className="font-medium">Send to:</span> Students of {resource.course.title}
            </p>
          ) : (
            <ComposerTargetFields draft={draft} />
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button disabled={!draft.canSend} onClick={() => draft.validate() && setConfirming(true)}>
              Send Now
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmModal
        open={confirming}
        onOpenChange={setConfirming}
        title="Publish Confirmation"
        text={PUBLISH_CONFIRMATION_TEXT}
        cancelLabel="Cancel"
        confirmLabel="Confirm"
        busyLabel="Sending..."
        errorTitle="Failed"
        describeError={(error) => ({ title: 'Failed', message: messageOr(error, 'Something went wrong') })}
        onConfirm={async () => {
          await delay(SEND_DELAY_MS);
          await send.mutateAsync(draft.request());
          setConfirming(false);
          onOpenChange(false);
          setNotice({ kind: 'success', title: 'Process Complete', text: 'Notification sent successfully' });
        }}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
ComposerModal.displayName = 'ComposerModal';
