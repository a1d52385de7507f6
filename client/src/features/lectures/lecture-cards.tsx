import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Switch } from '../../components/ui/switch.tsx';

/** The lecture's public visibility (the subscription select arrives with the rate cards). */
export function VisibilityCard({ isVisible, onChange }: { isVisible: boolean; onChange: (isVisible: boolean) => void }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Visibility</CardTitle>
        <CardDescription>A visible lecture is published once nothing holds it back.</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-3">
        <Switch id="lecture-visibility" checked={isVisible} onCheckedChange={onChange} aria-label="Public visibility" />
        <label htmlFor="lecture-visibility" className="text-sm">
          {isVisible ? 'This lecture is enabled for public visibility' : 'Public visibility has turned off for this lecture'}
        </label>
      </CardContent>
    </Card>
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
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="text-base">Lecturer</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}
LecturerCard.displayName = 'LecturerCard';
