import { Link } from 'wouter';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SelectField, type SelectOption } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { api } from '../../lib/trpc.ts';
import { courseEditorPath } from '../courses/course-paths.ts';
import { RateCardSelect } from '../subscriptions/rate-card-select.tsx';

export interface VisibilityCardProps {
  isVisible: boolean;
  masterSubscription: string | null;
  onChange: (patch: { isVisible?: boolean; masterSubscription?: string | null }) => void;
}

/** The lecture's public visibility and the rate card it is sold under. */
export function VisibilityCard({ isVisible, masterSubscription, onChange }: VisibilityCardProps) {
  return (
    <SectionCard title="Visibility & Subscription" description="A visible lecture is published once nothing holds it back.">
      <SwitchField
        id="lecture-visibility"
        name="Public visibility"
        label={isVisible ? 'This lecture is enabled for public visibility' : 'Public visibility has turned off for this lecture'}
        checked={isVisible}
        onCheckedChange={(next) => onChange({ isVisible: next })}
      />
      <RateCardSelect id="lecture-rate-card" label="Subscription" noneLabel="No subscription" value={masterSubscription} onChange={(card) => onChange({ masterSubscription: card })} />
    </SectionCard>
  );
}
VisibilityCard.displayName = 'VisibilityCard';

export interface LecturerCardProps {
  lecturerId: string | null;
  lecturerName: string;
  error?: string | undefined;
  onChange: (patch: { lecturerId?: string | null; lecturerName?: string }) => void;
}

/** Who teaches the lecture: an educator's account (its name is used), or a name typed in. */
export function LecturerCard({ lecturerId, lecturerName, error, onChange }: LecturerCardProps) {
  const educators = api.lectures.educators.useQuery();
  const known = educators.data?.some((educator) => educator._id === lecturerId) ?? false;
  const options: SelectOption<string>[] = [
    { value: '', label: educators.isPending ? 'Loading educators...' : 'Not linked to an account' },
    ...(lecturerId && !known ? [{ value: lecturerId, label: `Account ${lecturerId}` }] : []),
    ...(educators.data ?? []).map((educator) => ({ value: educator._id, label: educator.emailAddress ? `${educator.name} (${educator.emailAddress})` : educator.name })),
  ];
  return (
    <SectionCard title="Lecturer">
      <SelectField
        id="lecturer-account"
        label="Educator"
        hint="Accounts with the educator role."
        value={lecturerId ?? ''}
        options={options}
        disabled={educators.isPending}
        onChange={(id) => {
          const educator = educators.data?.find((candidate) => candidate._id === id);
          onChange(educator ? { lecturerId: educator._id, lecturerName: educator.name } : { lecturerId: null });
        }}
      />
      {educators.isError && <LoadFailure title="Fetching educators failed" error={educators.error} onRetry={educators.refetch} />}
      <FormField id="lecturer-name" label="Lecturer name" error={error} hint={lecturerId ? "The educator's name is used." : 'Shown to students under the video.'}>
        {(control) => <Input {...control} maxLength={200} value={lecturerName} disabled={lecturerId !== null} onChange={(event) => onChange({ lecturerName: event.target.value })} />}
      </FormField>
    </SectionCard>
  );
}
LecturerCard.displayName = 'LecturerCard';

/** The courses whose subjects hold the lecture, each a link to its editor. */
export function AttachedCoursesCard({ lectureId }: { lectureId: string }) {
  const courses = api.lectures.attachedCourses.useQuery({ id: lectureId });
  return (
    <SectionCard title="Attached Courses" description="Courses with this lecture in one of their subjects.">
      {courses.isError && <LoadFailure title="Fetching data failed" error={courses.error} onRetry={courses.refetch} />}
      {courses.data?.length === 0 && <p className="text-sm text-muted-foreground">Not in any course.</p>}
      {courses.data && courses.data.length > 0 && (
        <ul className="grid gap-1" aria-label="Attached courses">
          {courses.data.map((course) => (
            <li key={course._id}>
              <Link href={courseEditorPath(course._id)} className="text-sm text-primary hover:underline">
                {course.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
AttachedCoursesCard.displayName = 'AttachedCoursesCard';
