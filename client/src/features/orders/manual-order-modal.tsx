import { useEffect, useState } from 'react';
import { RESOURCE_TYPES } from '../../../../shared/commerce/checkout.schema.ts';
import { ORDER_MESSAGES, type AdminOrder, type ManualOrderQuery, type ManualOrderReview, type ResourceOption } from '../../../../shared/commerce/orders.schema.ts';
import { SUBSCRIPTION_TERMS } from '../../../../shared/subscriptions/subscription.constants.ts';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { RESOURCE_LABELS, ResourcePicker } from './resource-picker.tsx';

/** The pause before a manual order is saved, as the specification has it. */
export const MANUAL_ORDER_DELAY_MS = 400;
const TERMS = SUBSCRIPTION_TERMS.filter((term) => term !== 'not-selected');

interface Draft {
  phoneNumber: string;
  resourceType: (typeof RESOURCE_TYPES)[number];
  /** Chosen by title in the picker; the server checks again that it exists. */
  resource: ResourceOption | null;
  term: string;
  amount: string;
}

const EMPTY: Draft = { phoneNumber: '', resourceType: 'course', resource: null, term: '', amount: '' };

/** The form's three checks, all at once, in the specification's words. */
export function manualOrderWarnings(draft: Draft): string[] {
  const warnings: string[] = [];
  if (draft.phoneNumber.trim() === '') warnings.push(ORDER_MESSAGES.phoneRequired);
  if (draft.resource === null) warnings.push(ORDER_MESSAGES.resourceRequired);
  if (draft.term === '') warnings.push(ORDER_MESSAGES.termRequired);
  return warnings;
}

function queryOf(draft: Draft): ManualOrderQuery {
  return { phoneNumber: draft.phoneNumber.trim(), resourceType: draft.resourceType, resourceId: draft.resource?._id ?? '', term: draft.term, amount: draft.amount.trim() === '' ? 0 : draft.amount.trim() };
}

export interface ManualOrderModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (order: AdminOrder) => void;
}

/** "Create Manual Order": Create Order (the form), then Review & Confirm (who gets what), with Go Back. */
export function ManualOrderModal({ open, onOpenChange, onCreated }: ManualOrderModalProps) {
  const utils = api.useUtils();
  const create = api.orders.createManual.useMutation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [review, setReview] = useState<ManualOrderReview | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FailureNotice | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    if (!open) return;
    setDraft(EMPTY);
    setReview(null);
    setFailure(null);
  }, [open]);

  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const toReview = async () => {
    const warnings = manualOrderWarnings(draft);
    if (warnings.length > 0) {
      setNotice({ kind: 'error', title: 'Warnings!', warnings, warningsIntro: 'Please resolve these warnings and try again' });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      setReview(await utils.orders.reviewManual.fetch(queryOf(draft), { staleTime: 0 }));
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
      const order = await create.mutateAsync(queryOf(draft));
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
            <DialogDescription>{review ? 'Check who gets what before you confirm: access starts at once.' : 'Give a student access by hand, for a payment made outside the app.'}</DialogDescription>
          </DialogHeader>
          {review ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Student</dt>
              <dd>
                {review.user.name || 'Unspecified'} · {review.user.phoneNumber}
                {review.user.emailAddress ? ` · ${review.user.emailAddress}` : ''}
              </dd>
              <dt className="text-muted-foreground">{RESOURCE_LABELS[review.resource.resourceType].one}</dt>
              <dd className="font-medium">{review.resource.title}</dd>
              <dt className="text-muted-foreground">Term</dt>
              <dd>
                {review.term} ({review.termDays} days)
              </dd>
              <dt className="text-muted-foreground">Amount</dt>
              <dd>INR {review.amount.toLocaleString('en-IN', { maximumFractionDigits: 2 })}</dd>
            </dl>
          ) : (
            <fieldset disabled={busy} className="grid gap-3">
              <FormField id="manual-phone" label="Phone number">
                {(control) => <Input {...control} inputMode="tel" placeholder="10-digit mobile number" value={draft.phoneNumber} onChange={(event) => set({ phoneNumber: event.target.value })} />}
              </FormField>
              <FormField id="manual-type" label="Resource type">
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={draft.resourceType}
                    // A resource of another kind cannot stay chosen.
                    onChange={(event) => set({ resourceType: event.target.value as Draft['resourceType'], resource: null })}
                  >
                    {RESOURCE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {RESOURCE_LABELS[type].one}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <div className="grid gap-1.5">
                <span id="manual-resource-label" className="text-sm font-medium">
                  {RESOURCE_LABELS[draft.resourceType].one}
                </span>
                <div className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border p-2">
                  <span aria-labelledby="manual-resource-label" role="status" className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere]">
                    {draft.resource ? <span className="font-medium">{draft.resource.title}</span> : <span className="text-muted-foreground">None chosen</span>}
                  </span>
                  <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
                    {`${draft.resource ? 'Change' : 'Choose'} ${RESOURCE_LABELS[draft.resourceType].one.toLowerCase()}`}
                  </Button>
                </div>
              </div>
              <FormField id="manual-term" label="Subscription term">
                {(control) => (
                  <NativeSelect {...control} value={draft.term} onChange={(event) => set({ term: event.target.value })}>
                    <option value="">Choose a term</option>
                    {TERMS.map((term) => (
                      <option key={term} value={term}>
                        {term}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField id="manual-amount" label="Amount (INR)" hint="Optional: 0 when left empty.">
                {(control) => <Input {...control} type="number" min={0} step={0.01} placeholder="0" value={draft.amount} onChange={(event) => set({ amount: event.target.value })} />}
              </FormField>
            </fieldset>
          )}
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
      <ResourcePicker type={picking ? draft.resourceType : null} onClose={() => setPicking(false)} selected={draft.resource} onConfirm={(resource) => set({ resource })} />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
ManualOrderModal.displayName = 'ManualOrderModal';
