import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { api } from '../../lib/trpc.ts';

export interface CourseOption {
  _id: string;
  title: string;
}

export interface ChooseCourseModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The chosen course: the composer opens for its students. */
  onCompose: (course: CourseOption) => void;
}

/** Before announcing a meeting link: whose students it goes to. */
export function ChooseCourseModal({ open, onOpenChange, onCompose }: ChooseCourseModalProps) {
  const courses = api.courses.titles.useQuery(undefined, { enabled: open, retryDelay: 100 });
  const [courseId, setCourseId] = useState('');

  useEffect(() => {
    if (open) setCourseId('');
  }, [open]);

  const chosen = courses.data?.find((course) => course._id === courseId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a Course</DialogTitle>
          <DialogDescription>The notification goes to the students of this course who have allowed notifications.</DialogDescription>
        </DialogHeader>
        {courses.isError && <ErrorAlert title="Fetching Meetings failed" error={courses.error} />}
        <FormField id="meeting-link-course" label="Course">
          {(control) => (
            <NativeSelect {...control} value={courseId} disabled={courses.isPending} onChange={(event) => setCourseId(event.target.value)}>
              <option value="">Please choose a Course</option>
              {(courses.data ?? []).map((course) => (
                <option key={course._id} value={course._id}>
                  {course.title}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={!chosen} onClick={() => chosen && onCompose(chosen)}>
            Compose
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
ChooseCourseModal.displayName = 'ChooseCourseModal';
