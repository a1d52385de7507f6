import { useEffect, useState } from 'react';
import type { AdminOrder, ManualOrderReview } from '../../../../shared/commerce/orders.schema.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { EMPTY_MANUAL_ORDER, ManualOrderForm, manualOrderQuery, manualOrderWarnings, type ManualOrderDraft } from './manual-order-form.tsx';
import { ManualOrderReviewList } from './manual-order-review.tsx';
import { ResourcePicker } from './resource-picker.tsx';

/** The pause before a manual order is saved, as the specification has it. */
export const MANUAL_ORDER_DELAY_MS = 400;

export interface ManualOrderModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (order: AdminOrder) => void;
}

/** "Create Manual Order": Create Order (the form), then Review & Confirm (who gets what), with Go Back. */
export function ManualOrderModal({ open, onOpenChange, onCreated }: ManualOrderModalProps) {
  const utils = api.useUtils();
  const create = api.orders.createManual.useMutation();
  const [draft, setDraft] = useState<ManualOrderDraft>(EMPTY_MANUAL_ORDER);
  const [review, setReview] = useState<ManualOrderReview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(EMPTY_MANUAL_ORDER);
    setReview(null);
    setFailure(null);
  }, [open]);

  const set = (patch: Partial<ManualOrderDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const toReview = async () => {
    const warnings = manualOrderWarnings(draft);
    if (warnings.length > 0) {
      setNotice({ kind: 'error', title: 'Warnings!', warnings, warningsIntro: 'Please resolve these warnings and try again' });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setReview(await utils.orders.reviewManual.fetch(manualOrderQuery(draft), { staleTime: 0 }));
    } catch (error) {
      setFailure(failureNotice('Order cannot be created', error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await delay(MANUAL_ORDER_DELAY_MS);
      const order = await create.mutateAsync(manualOrderQuery(draft));
      onCreated(order);
      onOpenChange(false);
    } catch (error) {
      setFailure(failureNotice('Order cannot be created', error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
        <DialogContent hideClose={busy}>
          <DialogHeader>
            <DialogTitle>{review ? 'Review & Confirm' : 'Create Order'}</DialogTitle>
            <DialogDescription>
              {review ? 'Check who gets what before you confirm: access starts at once.' : 'Give a student access by hand, for a payment made outside the app.'}
            </DialogDescription>
          </DialogHeader>
          {review ? <ManualOrderReviewList review={review} /> : <ManualOrderForm draft={draft} busy={busy} onChange={set} onPick={() => setPicking(true)} />}
          {failure && <ErrorAlert title={failure.title} message={failure.message} warnings={failure.warnings} />}
          <DialogFooter>
            {review ? (
              <>
                <Button variant="outline" disabled={busy} onClick={() => setReview(null)}>
                  Go Back
                </Button>
                <Button disabled={busy} onClick={() => void confirm()}>
                  {busy && <Spinner size="sm" className="text-current" label="" />}
                  {busy ? 'Creating...' : 'Confirm'}
                </Button>
              </>
            ) : (
              <>
                <Button variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                  Cancel
                </Button>
                <Button disabled={busy} onClick={() => void toReview()}>
                  {busy && <Spinner size="sm" className="text-current" label="" />}
                  Create Order
                </Button>
              </>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ResourcePicker
        type={picking ? draft.resourceType : null}
        onClose={() => setPicking(false)}
        selected={draft.resource}
        onConfirm={(resource) => set({ resource })}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
ManualOrderModal.displayName = 'ManualOrderModal';
