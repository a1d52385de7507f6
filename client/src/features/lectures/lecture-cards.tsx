import { useState } from 'react';
import { Link } from 'wouter';

import type { Lecture } from '../../../../shared/lectures/lectures.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SelectField, type SelectOption } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import { api } from '../../lib/trpc.ts';
import { courseEditorPath } from '../courses/course-paths.ts';
import { ExamPicker } from '../exams/exam-picker.tsx';
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
      <RateCardSelect
        id="lecture-rate-card"
        label="Subscription"
        noneLabel="No subscription"
        value={masterSubscription}
        onChange={(card) => onChange({ masterSubscription: card })}
      />
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
    ...(educators.data ?? []).map((educator) => ({
      value: educator._id,
      label: educator.emailAddress ? `${educator.name} (${educator.emailAddress})` : educator.name,
    })),
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
      <FormField
        id="lecturer-name"
        label="Lecturer name"
        error={error}
        hint={lecturerId ? "The educator's name is used." : 'Shown to students under the video.'}
      >
        {(control) => (
          <Input
            {...control}
            maxLength={200}
            value={lecturerName}
            disabled={lecturerId !== null}
            onChange={(event) => onChange({ lecturerName: event.target.value })}
          />
        )}
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

export interface ExamsCardProps {
  exams: Lecture['exams'];
  onChange: (exams: Lecture['exams']) => void;
}

/** The exams offered with the lecture: add from the exam picker, remove; saved with the lecture. */
export function ExamsCard({ exams, onChange }: ExamsCardProps) {
  const [picking, setPicking] = useState(false);
  return (
    <SectionCard title="Exams" description="Exams students take after the lecture.">
      {exams.length === 0 ? (
        <p className="text-sm text-muted-foreground">No exams.</p>
      ) : (
        <ul className="grid gap-1" aria-label="Exams of the lecture">
          {exams.map((exam) => (
            <li key={exam._id} className="flex items-center justify-between gap-2 text-sm">
              <span>
                {exam.title}
                {!exam.isPublished && (
                  <Badge variant="destructive" className="ml-2">
                    Unpublished
                  </Badge>
                )}
              </span>
              <RemoveButton label={`Remove ${exam.title}`} onClick={() => onChange(exams.filter((other) => other._id !== exam._id))} />
            </li>
          ))}
        </ul>
      )}
      <AddRowButton size="sm" onClick={() => setPicking(true)}>
        Add exams
      </AddRowButton>
      <ExamPicker
        open={picking}
        onOpenChange={setPicking}
        selection="multiple"
        disabledIds={exams.map((exam) => exam._id)}
        onConfirm={(chosen) => {
          const known = new Set(exams.map((exam) => exam._id));
          onChange([
            ...exams,
            ...chosen.filter((exam) => !known.has(exam._id)).map((exam) => ({ _id: exam._id, title: exam.title, isPublished: exam.isPublished })),
          ]);
        }}
      />
    </SectionCard>
  );
}
ExamsCard.displayName = 'ExamsCard';
