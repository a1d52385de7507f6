import type { Winner } from '../../../../shared/winners/winners.schema.ts';
import { FileSlot } from '../../components/files/file-slot.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { StateSwitch } from '../../components/editor-shell/state-switch.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { WinnerDraft } from './winner-draft.ts';

type Change = (update: Partial<WinnerDraft>) => void;

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5">
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="break-all text-sm">{value || '—'}</span>
    </div>
  );
}

function TextField({
  id,
  label,
  value,
  maxLength,
  onChange,
  type = 'text',
  hint,
  inputMode,
}: {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
  type?: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric';
}) {
  return (
    <FormField id={id} label={label} hint={hint}>
      {(control) => (
        <Input {...control} type={type} inputMode={inputMode} maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </FormField>
  );
}

/** The editor's cards: Student profile (read-only), Basic Settings, Weightage, Photo and Beneficiary Details. */
export function WinnerCards({ winner, draft, change }: { winner: Winner; draft: WinnerDraft; change: Change }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Student profile">
        <ReadOnly label="ID" value={winner.user?._id ?? ''} />
        <ReadOnly label="Name" value={winner.user?.name ?? ''} />
        <ReadOnly label="Phone" value={winner.user?.phoneNumber ?? ''} />
      </SectionCard>
      <SectionCard title="Basic Settings">
        <StateSwitch
          id="winner-public"
          name="Public"
          on="Shown to every student as the winner"
          off="Not shown to other students"
          checked={draft.isPublic}
          onCheckedChange={(isPublic) => change({ isPublic })}
        />
        <StateSwitch
          id="winner-visible"
          name="Visible"
          on="Published for candidate action"
          off="Not visible even to candidate"
          checked={draft.isVisible}
          onCheckedChange={(isVisible) => change({ isVisible })}
        />
        <TextField id="winner-claim" label="Claim Message" value={draft.claimMessage} maxLength={500} onChange={(claimMessage) => change({ claimMessage })} />
        <TextField
          id="winner-title-message"
          label="Title Message"
          value={draft.titleMessage}
          maxLength={200}
          onChange={(titleMessage) => change({ titleMessage })}
        />
        <TextField id="winner-exam-title" label="Exam Title" value={draft.examTitle} maxLength={300} onChange={(examTitle) => change({ examTitle })} />
      </SectionCard>
      <SectionCard title="Weightage">
        <TextField
          id="winner-prize"
          label="Prize Amount (INR)"
          type="number"
          inputMode="decimal"
          value={draft.prizeAmount}
          maxLength={12}
          onChange={(prizeAmount) => change({ prizeAmount })}
        />
        <TextField id="winner-rank" label="Rank" type="number" inputMode="numeric" value={draft.rank} maxLength={10} onChange={(rank) => change({ rank })} />
        <TextField
          id="winner-participants"
          label="Total Participants"
          type="number"
          inputMode="numeric"
          value={draft.totalParticipants}
          maxLength={10}
          onChange={(totalParticipants) => change({ totalParticipants })}
        />
      </SectionCard>
      <SectionCard title="Photo">
        <FileSlot
          label="Photo"
          kind="image"
          assetId={draft.bannerImageId}
          sizeInBytes={draft.bannerImageId === winner.bannerImageId ? winner.bannerImageFizeSizeInBytes : null}
          onChange={(bannerImageId) => change({ bannerImageId })}
        />
      </SectionCard>
      <SectionCard title="Beneficiary Details">
        <TextField
          id="winner-beneficiary"
          label="Beneficiary Name"
          value={draft.beneficiaryName}
          maxLength={200}
          onChange={(beneficiaryName) => change({ beneficiaryName })}
        />
        <TextField
          id="winner-upi"
          label="Google Pay / UPI ID"
          value={draft.googlePayOrUPI}
          maxLength={100}
          hint="Like name@bank"
          onChange={(googlePayOrUPI) => change({ googlePayOrUPI })}
        />
        <StateSwitch
          id="winner-confirmed"
          name="User approved"
          on="The student approved the listing"
          off="The student has not approved the listing yet"
          checked={draft.hasUserConfirmed}
          onCheckedChange={(hasUserConfirmed) => change({ hasUserConfirmed })}
        />
      </SectionCard>
    </div>
  );
}
WinnerCards.displayName = 'WinnerCards';
