import { useEffect, useState } from 'react';
import { SelectField } from '../../components/form/select-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import type { CourseOption } from './course-checklist.tsx';

export interface ChooseCourseModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link's courses: the only ones it may be announced to. */
  courses: CourseOption[];
  /** The chosen course: the composer opens for its students. */
  onCompose: (course: CourseOption) => void;
  /** Opens the link's edit form (offered when it has no course yet). */
  onEdit: () => void;
}

/** Before announcing a meeting link: to the students of which of its courses. */
export function ChooseCourseModal({ open, onOpenChange, courses, onCompose, onEdit }: ChooseCourseModalProps) {
  const [courseId, setCourseId] = useState('');

  useEffect(() => {
    // A link of one course goes to that course's students: it is chosen already.
    if (open) setCourseId(courses.length === 1 ? courses[0]!._id : '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const chosen = courses.find((course) => course._id === courseId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a Course</DialogTitle>
          <DialogDescription>
            {courses.length === 0
              ? 'This link has no course yet, so no student sees it. Edit the link and choose its courses first.'
              : 'The notification goes to the students of this course who have allowed notifications.'}
          </DialogDescription>
        </DialogHeader>
        <SelectField
          id="meeting-link-course"
          label="Course"
          value={courseId}
          disabled={courses.length === 0}
          options={[{ value: '', label: 'Please choose a Course' }, ...courses.map((course) => ({ value: course._id, label: course.title }))]}
          onChange={setCourseId}
        />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {courses.length === 0 ? (
            <Button onClick={onEdit}>Edit link</Button>
          ) : (
            <Button disabled={!chosen} onClick={() => chosen && onCompose(chosen)}>
              Compose
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
ChooseCourseModal.displayName = 'ChooseCourseModal';
