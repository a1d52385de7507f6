import { useEffect, useState } from 'react';
import { TRPCClientError } from '@trpc/client';
import { Plus, X } from 'lucide-react';
import { COUPON_MESSAGES, DISCOUNT_TYPE_LABELS, DISCOUNT_TYPES, type Coupon } from '../../../../shared/commerce/coupons.schema.ts';
import { COUPON_TARGET_TYPES, type CouponTargetType } from '../../../../shared/commerce/coupon-use.rules.ts';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SelectField, optionsOf } from '../../components/form/select-field.tsx';
import { TextField, type TextFieldProps } from '../../components/form/text-field.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { delay } from '../../lib/delay.ts';
import { api } from '../../lib/trpc.ts';
import {
  checkCouponDraft,
  COUPON_TARGET_LABELS,
  couponFieldErrorsOf,
  draftOf,
  formOf,
  indiaTimeInWords,
  markedFieldsText,
  newCouponDraft,
  sortTargets,
  type CouponDraft,
  type CouponDraftErrors,
  type CouponField,
  type CouponTargetDraft,
} from './coupon-form.ts';
import { CouponTargetPicker } from './coupon-target-picker.tsx';
import { HistoryPanel } from '../audit/history-panel.tsx';

/** The pause before a coupon is sent, as the specification has it. */
export const COUPON_ACTION_DELAY_MS = 300;

/** The control each field's message belongs to, to bring a refused one into view. */
const CONTROL_IDS: Record<CouponField, string> = {
  code: 'coupon-code',
  discountType: 'coupon-type',
  value: 'coupon-value',
  minOrderAmount: 'coupon-min-order',
  isActive: 'coupon-active',
  usageLimit: 'coupon-usage-limit',
  perStudentLimit: 'coupon-per-student-limit',
  validFrom: 'coupon-valid-from',
  validUntil: 'coupon-valid-until',
  appliesTo: 'coupon-applies-to',
};

/** The fields a refusal names, from the tRPC error's data; empty for any other failure. */
function refusedFields(error: unknown): CouponDraftErrors {
  if (!(error instanceof TRPCClientError)) return {};
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return {};
  const { field, issues } = data as Record<string, unknown>;
  return couponFieldErrorsOf({ message: error.message, field, issues });
}

export interface CouponModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The coupon being edited; none for a new one. */
  coupon: Coupon | null;
}

function TargetChip({ target, onRemove }: { target: CouponTargetDraft; onRemove: () => void }) {
  const kind = COUPON_TARGET_LABELS[target.type].one;
  const title = target.title ?? `${kind} deleted since`;
  return (
    <li className="flex max-w-full items-center gap-1 rounded-full border bg-muted/60 py-0.5 pl-3 pr-1 text-xs">
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="text-muted-foreground">{kind}: </span>
        <span className={target.title === null ? 'italic text-muted-foreground' : 'font-medium'}>{title}</span>
      </span>
      <Button variant="ghost" size="icon" className="size-6 shrink-0 rounded-full" aria-label={`Remove ${kind.toLowerCase()} ${title}`} onClick={onRemove}>
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The rate cards and resources the coupon is limited to, as removable chips, and the pickers to add more. */
function AppliesToField({
  targets,
  error,
  onChange,
}: {
  targets: CouponTargetDraft[];
  error: string | undefined;
  onChange: (targets: CouponTargetDraft[]) => void;
}) {
  const [picking, setPicking] = useState<CouponTargetType | null>(null);
  const errorId = 'coupon-applies-to-error';
  return (
    <fieldset id="coupon-applies-to" className="grid gap-2 sm:col-span-2" aria-describedby={error ? errorId : undefined} aria-invalid={Boolean(error)}>
      <legend className="mb-1.5 text-sm font-medium leading-none">Applies to</legend>
      {targets.length === 0 ? (
        <p className="text-sm text-muted-foreground">All rate cards and resources</p>
      ) : (
        <ul aria-label="Applies to" className="flex flex-wrap gap-1.5">
          {targets.map((target) => (
            <TargetChip key={`${target.type}:${target.id}`} target={target} onRemove={() => onChange(targets.filter((other) => other !== target))} />
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="text-xs text-muted-foreground">Add:</span>
        {COUPON_TARGET_TYPES.map((type) => (
          <Button key={type} variant="outline" size="sm" aria-label={`Add ${COUPON_TARGET_LABELS[type].many.toLowerCase()}`} onClick={() => setPicking(type)}>
            <Plus aria-hidden="true" />
            {COUPON_TARGET_LABELS[type].many}
          </Button>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">Limit the coupon to these; with none chosen it applies to every purchase.</p>
      )}
      <CouponTargetPicker
        type={picking}
        onClose={() => setPicking(null)}
        selectedIds={picking ? targets.filter((target) => target.type === picking && target.title !== null).map((target) => target.id) : []}
        onConfirm={(type, chosen) => {
          // The picker's choice replaces this kind's list; one it no longer lists (deleted since) stays until removed.
          const listed = new Set(chosen.map((item) => item._id));
          const kept = targets.filter((target) => target.type !== type || (target.title === null && !listed.has(target.id)));
          onChange(sortTargets([...kept, ...chosen.map((item) => ({ type, id: item._id, title: item.title }))]));
        }}
      />
    </fieldset>
  );
}

/** A datetime-local input read as India time whatever the browser's zone, with the typed time in words under it. */
function IndiaTimeField({
  id,
  label,
  value,
  error,
  blankHint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  blankHint: string;
  onChange: (value: string) => void;
}) {
  const words = indiaTimeInWords(value);
  return (
    <FormField id={id} label={label} error={error} hint={words ?? blankHint}>
      {(control) => <Input {...control} type="datetime-local" value={value} onChange={(event) => onChange(event.target.value)} />}
    </FormField>
  );
}

/** A count that may be left blank for "no limit". */
function LimitField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'placeholder'>) {
  return <TextField {...props} inputMode="numeric" autoComplete="off" placeholder="No limit" />;
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
  const bind = bindDraft(draft, set, errors);

  return (
    <FormModal
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Coupon' : 'New Coupon'}
      submitLabel={editing ? 'Update' : 'Create Coupon'}
      busyLabel={editing ? 'Updating...' : 'Creating...'}
      errorTitle={editing ? 'Item cannot be updated' : 'Item cannot be added'}
      className="max-w-2xl"
      onSubmit={async () => {
        const found = checkCouponDraft(draft);
        setErrors(found);
        if (Object.keys(found).length > 0) return;
        await delay(COUPON_ACTION_DELAY_MS);
        let saved: Coupon;
        try {
          saved = coupon ? await update.mutateAsync({ id: coupon._id, ...formOf(draft), version: coupon.version }) : await create.mutateAsync(formOf(draft));
        } catch (error) {
          // A refusal that names fields shows each message at its field; the alert says where to look.
          const refused = refusedFields(error);
          const first = (Object.keys(CONTROL_IDS) as CouponField[]).find((field) => refused[field]);
          if (!first) throw error;
          setErrors(refused);
          // The control's whole field (label, control, message) comes into view.
          const control = document.getElementById(CONTROL_IDS[first]);
          (control?.tagName === 'FIELDSET' ? control : control?.parentElement)?.scrollIntoView({ block: 'nearest' });
          throw new Error(markedFieldsText(refused), { cause: error });
        }
        utils.coupons.list.setData(undefined, (old) => (old ? (coupon ? old.map((row) => (row._id === saved._id ? saved : row)) : [saved, ...old]) : old));
        void utils.coupons.list.invalidate();
        onOpenChange(false);
      }}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          id="coupon-code"
          label="Coupon Code"
          hint={editing ? COUPON_MESSAGES.codeLocked : 'Letters, digits, - and _; students type it in any case.'}
          maxLength={40}
          disabled={editing}
          autoFocus={!editing}
          {...bind.text('code')}
        />
        <SelectField
          id="coupon-type"
          label="Type"
          options={[{ value: '', label: 'Choose a type' }, ...optionsOf(DISCOUNT_TYPES, DISCOUNT_TYPE_LABELS)]}
          {...bind.choice('discountType')}
        />
        <TextField id="coupon-value" label="Value" type="number" step={0.01} min={0} {...bind.text('value')} />
        <TextField id="coupon-min-order" label="Min. Order" type="number" step={0.01} placeholder="INR / (Default: -1)" {...bind.text('minOrderAmount')} />
        <LimitField id="coupon-usage-limit" label="Usage limit" hint="Orders in all, open or paid. Blank: no limit." {...bind.text('usageLimit')} />
        <LimitField id="coupon-per-student-limit" label="Limit per student" hint="Orders by one student. Blank: no limit." {...bind.text('perStudentLimit')} />
        <IndiaTimeField id="coupon-valid-from" label="Valid from (India time)" blankHint="Blank: no start." {...bind.choice('validFrom')} />
        <IndiaTimeField id="coupon-valid-until" label="Valid until (India time)" blankHint="Blank: no end." {...bind.choice('validUntil')} />
        <AppliesToField targets={draft.appliesTo} error={errors.appliesTo} onChange={(appliesTo) => set({ appliesTo })} />
        {editing && (
          <div className="flex items-center gap-2 sm:col-span-2">
            <Checkbox id="coupon-active" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
            <Label htmlFor="coupon-active">Is Active</Label>
          </div>
        )}
      </div>
      {coupon && <HistoryPanel resourceType="coupon" resourceId={coupon._id} />}
    </FormModal>
  );
}
CouponModal.displayName = 'CouponModal';
