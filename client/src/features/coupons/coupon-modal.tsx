import { useEffect, useState } from 'react';
import { COUPON_MESSAGES, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type Coupon } from '../../../../shared/commerce/coupons.schema.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import { checkCouponDraft, draftOf, formOf, newCouponDraft, type CouponDraft, type CouponDraftErrors } from './coupon-form.ts';

/** The pause before a coupon is sent, as the specification has it. */
export const COUPON_ACTION_DELAY_MS = 300;

export interface CouponModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon being edited; none for a new one. */
  coupon: Coupon | null;
}

/** New or edit: the code is locked once created, and only an edit can switch the coupon on. */
export function CouponModal({ open, onOpenChange, coupon }: CouponModalProps) {
  const utils = api.useUtils();
  const [draft, setDraft] = useState<CouponDraft>(newCouponDraft);
  const [errors, setErrors] = useState<CouponDraftErrors>({});
  const create = api.coupons.create.useMutation();
  const update = api.coupons.update.useMutation();
  const editing = coupon !== null;

  useEffect(() => {
    if (!open) return;
    setDraft(coupon ? draftOf(coupon) : newCouponDraft());
    setErrors({});
  }, [open, coupon]);

  const set = (patch: Partial<CouponDraft>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Coupon' : 'New Coupon'}
      submitLabel={editing ? 'Update' : 'Create Coupon'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
      errorTitle={editing ? 'Item cannot be updated' : 'Item cannot be added'}
      onSubmit={async () => {
        const found = checkCouponDraft(draft);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        await delay(COUPON_ACTION_DELAY_MS);
        const saved = coupon ? await update.mutateAsync({ id: coupon._id, ...formOf(draft, coupon.version) }) : await create.mutateAsync(formOf(draft));
        utils.coupons.list.setData(undefined, (old) => (old ? (coupon ? old.map((row) => (row._id === saved._id ? saved : row)) : [saved, ...old]) : old));
        void utils.coupons.list.invalidate();
        onOpenChange(false);
      }}
    >
      <FormField id="coupon-code" label="Coupon Code" error={errors.code} hint={editing ? COUPON_MESSAGES.codeLocked : 'Letters, digits, - and _; students type it in any case.'}>
        {(control) => <Input {...control} value={draft.code} maxLength={40} disabled={editing} autoFocus={!editing} onChange={(event) => set({ code: event.target.value })} />}
      </FormField>
      <FormField id="coupon-type" label="Type" error={errors.discountType}>
        {(control) => (
          <NativeSelect {...control} value={draft.discountType} onChange={(event) => set({ discountType: event.target.value as CouponDraft['discountType'] })}>
            <option value="">Choose a type</option>
            {DISCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {DISCOUNT_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="coupon-value" label="Value" error={errors.value}>
        {(control) => <Input {...control} type="number" step={0.01} min={0} value={draft.value} onChange={(event) => set({ value: event.target.value })} />}
      </FormField>
      <FormField id="coupon-min-order" label="Min. Order">
        {(control) => (
          <Input {...control} type="number" step={0.01} placeholder="INR / (Default: -1)" value={draft.minOrderAmount} onChange={(event) => set({ minOrderAmount: event.target.value })} />
        )}
      </FormField>
      {editing && (
        <div className="flex items-center gap-2">
          <Checkbox id="coupon-active" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
          <Label htmlFor="coupon-active">Is Active</Label>
        </div>
      )}
    </FormModal>
  );
}
CouponModal.displayName = 'CouponModal';
