import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

/** The lecture's public visibility (the subscription select arrives with the rate cards). */
export function VisibilityCard({ isVisible, onChange }: { isVisible: boolean; onChange: (isVisible: boolean) => void }) {
  return (
    <SectionCard
      title="Visibility"
      description="A visible lecture is published once nothing holds it back."
      contentClassName="flex items-center gap-3"
    >
      <SwitchField
        id="lecture-visibility"
        name="Public visibility"
        label={isVisible ? 'This lecture is enabled for public visibility' : 'Public visibility has turned off for this lecture'}
        checked={isVisible}
        onCheckedChange={onChange}
      />
    </SectionCard>
  );
}
VisibilityCard.displayName = 'VisibilityCard';

export interface LecturerCardProps {
  lecturerId: string | null;
  lecturerName: string;
  error?: string | undefined;
  onNameChange: (name: string) => void;
}

/** Who teaches the lecture: a name, optionally tied to a console account. */
export function LecturerCard({ lecturerId, lecturerName, error, onNameChange }: LecturerCardProps) {
  return (
    <SectionCard title="Lecturer" contentClassName="">
      <FormField
        id="lecturer-name"
        label="Lecturer name"
        error={error}
        hint={lecturerId ? `Linked to the account ${lecturerId}; its name is used.` : 'Shown to students under the video.'}
      >
        {(control) => (
          <Input {...control} maxLength={200} value={lecturerName} onChange={(event) => onNameChange(event.target.value)} />
        )}
      </FormField>
    </SectionCard>
  );
}
LecturerCard.displayName = 'LecturerCard';
