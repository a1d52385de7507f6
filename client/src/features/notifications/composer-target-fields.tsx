import { GROUP_TARGETS } from '../../../../shared/push/push.schema.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { TextField } from '../../components/form/text-field.tsx';
import { Label } from '../../components/ui/label.tsx';
import type { ComposerDraft } from './use-composer-draft.ts';

const GROUP_LABELS = { 'lakshya-students': 'Lakshya students', 'purchased-users': 'Purchased users' } as const;
const TARGETS = [
  ['specific-user', 'Specific User'],
  ['everyone', 'Everyone'],
  ['group', 'Group'],
] as const;

/** Send to: one student by phone number, everyone, or groups of students. */
export function ComposerTargetFields({ draft }: { draft: ComposerDraft }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Send to</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {TARGETS.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name="composer-target" value={value} checked={draft.target === value} onChange={() => draft.setTarget(value)} />
            {label}
          </label>
        ))}
      </div>
      {draft.target === 'specific-user' && (
        <TextField
          id="composer-phone"
          label="Phone number"
          inputMode="tel"
          placeholder="10-digit mobile number"
          value={draft.phone}
          onValueChange={draft.setPhone}
        />
      )}
      {draft.target === 'group' && (
        <div className="flex flex-wrap gap-4">
          {GROUP_TARGETS.map((group) => (
            <div key={group} className="flex items-center gap-2">
              <Checkbox id={`composer-group-${group}`} checked={draft.groups.has(group)} onChange={(event) => draft.toggleGroup(group, event.target.checked)} />
              <Label htmlFor={`composer-group-${group}`}>{GROUP_LABELS[group]}</Label>
            </div>
          ))}
        </div>
      )}
    </fieldset>
  );
}
ComposerTargetFields.displayName = 'ComposerTargetFields';
