import { parseDayLabels } from '../../../../shared/courses/course-editor.rules.ts';
import { buildDaySchedule } from '../../../../shared/courses/schedule.rules.ts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import type { CourseDraft } from '../../../../shared/courses/course-draft.ts';

/** The day schedule as students will see it, built from the draft by the same rule the server uses. */
export function CourseScheduleDialog({ open, onOpenChange, draft }: { open: boolean; onOpenChange: (open: boolean) => void; draft: CourseDraft }) {
  const days = open
    ? buildDaySchedule(
        draft.subjects
          .filter((subject) => subject.isActive)
          .map((subject) => ({
            title: subject.title,
            lectures: subject.lectures.map((lecture) => ({ _id: lecture._id, title: lecture.title })),
            lectureDaySchedulePlan: Object.fromEntries(subject.lectures.map((lecture) => [lecture._id, parseDayLabels(lecture.days)])),
            lectureTopicMetadata: Object.fromEntries(subject.lectures.map((lecture) => [lecture._id, lecture.topic])),
          })),
        draft.exams.map((entry) => ({ dayTags: parseDayLabels(entry.dayTags), exam: entry.exam, details: { title: entry.title } })),
      )
    : [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Day Schedule</DialogTitle>
          <DialogDescription>The plan as students will see it, from what is on screen now (saved or not).</DialogDescription>
        </DialogHeader>
        {days.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing is on the plan yet: give lectures or exams their days.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Days">
            {days.map((day) => (
              <li key={day.dayIndex} aria-label={day.title} className="rounded-md border p-3">
                <h3 className="text-sm font-semibold">{day.title}</h3>
                {day.lectures.map((group) => (
                  <div key={group.groupTitle} className="mt-2">
                    <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{group.groupTitle}</p>
                    <ul className="ml-4 list-disc text-sm">
                      {group.lecture.map((lecture) => (
                        <li key={lecture._id}>{lecture.title}</li>
                      ))}
                    </ul>
                  </div>
                ))}
                {day.exams.length > 0 && (
                  <div className="mt-2">
                    <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Exams</p>
                    <ul className="ml-4 list-disc text-sm">
                      {day.exams.map((entry, index) => (
                        <li key={`${entry._id ?? 'missing'}-${index}`}>{entry.exam.title}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
CourseScheduleDialog.displayName = 'CourseScheduleDialog';
