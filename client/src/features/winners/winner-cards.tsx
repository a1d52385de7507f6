import type { Winner } from '../../../../shared/winners/winners.schema.ts';
import { BannerImageSlot } from '../../components/files/file-slot.tsx';
import { bindDraft } from '../../components/form/bind-draft.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { StateSwitch } from '../../components/editor-shell/state-switch.tsx';
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

/** The announcement's switches: each one's name and what its setting means. */
const SWITCHES = {
  isPublic: { id: 'winner-public', name: 'Public', on: 'Shown to every student as the winner', off: 'Not shown to other students' },
  isVisible: { id: 'winner-visible', name: 'Visible', on: 'Published for candidate action', off: 'Not visible even to candidate' },
  hasUserConfirmed: {
    id: 'winner-confirmed',
    name: 'User approved',
    on: 'The student approved the listing',
    off: 'The student has not approved the listing yet',
  },
} as const;

/** The editor's cards: Student profile (read-only), Basic Settings, Weightage, Photo and Beneficiary Details. */
export function WinnerCards({ winner, draft, change }: { winner: Winner; draft: WinnerDraft; change: Change }) {
  const bind = bindDraft(draft, change);
  const stateSwitch = (key: keyof typeof SWITCHES) => <StateSwitch {...SWITCHES[key]} {...bind.toggle(key)} />;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <SectionCard title="Student profile">
        <ReadOnly label="ID" value={winner.user?._id ?? ''} />
        <ReadOnly label="Name" value={winner.user?.name ?? ''} />
        <ReadOnly label="Phone" value={winner.user?.phoneNumber ?? ''} />
      </SectionCard>
      <SectionCard title="Basic Settings">
        {stateSwitch('isPublic')}
        {stateSwitch('isVisible')}
        <TextField id="winner-claim" label="Claim Message" maxLength={500} {...bind.text('claimMessage')} />
        <TextField id="winner-title-message" label="Title Message" maxLength={200} {...bind.text('titleMessage')} />
        <TextField id="winner-exam-title" label="Exam Title" maxLength={300} {...bind.text('examTitle')} />
      </SectionCard>
      <SectionCard title="Weightage">
        <TextField id="winner-prize" label="Prize Amount (INR)" type="number" inputMode="decimal" maxLength={12} {...bind.text('prizeAmount')} />
        <TextField id="winner-rank" label="Rank" type="number" inputMode="numeric" maxLength={10} {...bind.text('rank')} />
        <TextField id="winner-participants" label="Total Participants" type="number" inputMode="numeric" maxLength={10} {...bind.text('totalParticipants')} />
      </SectionCard>
      <SectionCard title="Photo">
        <BannerImageSlot label="Photo" saved={winner} assetId={draft.bannerImageId} onChange={(bannerImageId) => change({ bannerImageId })} />
      </SectionCard>
      <SectionCard title="Beneficiary Details">
        <TextField id="winner-beneficiary" label="Beneficiary Name" maxLength={200} {...bind.text('beneficiaryName')} />
        <TextField id="winner-upi" label="Google Pay / UPI ID" maxLength={100} hint="Like name@bank" {...bind.text('googlePayOrUPI')} />
        {stateSwitch('hasUserConfirmed')}
      </SectionCard>
    </div>
  );
}
WinnerCards.displayName = 'WinnerCards';
