import { useId, useMemo, useState } from 'react';
import { X } from 'lucide-react';
import { MEETING_LINK_LIMITS } from '../../../../shared/meeting-links/meeting-links.schema.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/trpc.ts';

export interface CourseOption {
  _id: string;
  title: string;
}

export interface CourseChecklistProps {
  /** The chosen course ids. */
  value: string[];
  onChange: (courseIds: string[]) => void;
  /** Courses already on the link: shown by title even before (or without) the course list. */
  known?: CourseOption[];
}

/**
 * The courses a meeting link belongs to: a filterable list of every course with a checkbox each
 * (at most 20 chosen), the chosen ones shown above it with a button to take one off.
 */
export function CourseChecklist({ value, onChange, known = [] }: CourseChecklistProps) {
  const id = useId();
  // Fresh on every opening: a course added a moment ago can be chosen.
  const courses = api.courses.titles.useQuery(undefined, { retryDelay: 100, staleTime: 0 });
  const [filter, setFilter] = useState('');
  const titles = useMemo(() => {
    const byId = new Map(known.map((course) => [course._id, course.title]));
    for (const course of courses.data ?? []) byId.set(course._id, course.title);
    return byId;
  }, [courses.data, known]);
  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase();
    return (courses.data ?? []).filter((course) => words === '' || course.title.toLowerCase().includes(words));
  }, [courses.data, filter]);
  const full = value.length >= MEETING_LINK_LIMITS.courses;
  const set = (courseId: string, chosen: boolean) =>
    onChange(chosen ? [...value.filter((v) => v !== courseId), courseId] : value.filter((v) => v !== courseId));

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium leading-none">Courses</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Students who may open one of these courses see the link in the app. Without a course only staff see it (at most {MEETING_LINK_LIMITS.courses}).
      </p>
      {value.length > 0 && (
        <ul aria-label="Chosen courses" className="flex flex-wrap gap-1">
          {value.map((courseId) => {
            const title = titles.get(courseId) ?? 'Deleted course';
            return (
              <li key={courseId}>
                <Badge variant="secondary" className="max-w-64">
                  <span className="truncate">{title}</span>
                  <button type="button" className="rounded-full hover:text-destructive" aria-label={`Take off ${title}`} onClick={() => set(courseId, false)}>
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </Badge>
              </li>
            );
          })}
        </ul>
      )}
      {courses.isError && <ErrorAlert title="Fetching Meetings failed" error={courses.error} />}
      <Input
        type="search"
        aria-label="Find a course"
        placeholder="Find a course"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        // Enter here narrows the list; it does not send the form.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
      />
      <div role="group" aria-label="All courses" className="max-h-44 overflow-y-auto rounded-md border p-2">
        {courses.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner size="sm" label="" /> Loading courses...
          </p>
        )}
        {courses.isSuccess && shown.length === 0 && (
          <p className="text-sm text-muted-foreground">{courses.data.length === 0 ? 'No courses yet' : 'No course matches'}</p>
        )}
        {shown.map((course) => {
          const checked = value.includes(course._id);
          const boxId = `${id}-${course._id}`;
          return (
            <div key={course._id} className="flex items-center gap-2 py-1">
              <Checkbox id={boxId} checked={checked} disabled={!checked && full} onChange={(event) => set(course._id, event.target.checked)} />
              <Label htmlFor={boxId} className="font-normal">
                {course.title}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
CourseChecklist.displayName = 'CourseChecklist';
