import { useState } from 'react';
import { ArrowLeft, Plus } from 'lucide-react';
import { COURSE_MESSAGES } from '../../../../shared/courses/course.constants.ts';
import { moveTo } from '../../../../shared/courses/course-editor.rules.ts';
import { subjectValueSchema } from '../../../../shared/courses/courses.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { toastError } from '../../components/toasts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import { validateForm } from '../../lib/forms.ts';
import { LecturePicker } from '../lectures/lecture-picker.tsx';
import type { DraftLecture, DraftSubject } from '../../../../shared/courses/course-draft.ts';
import { newKey, type CourseEditorApi } from './course-draft.ts';
import { DaysCell, TitleCell } from './course-table-cells.tsx';
import { MoveControl } from './move-control.tsx';

function AddSubjectForm({ onAdd }: { onAdd: (title: string) => void }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = () => {
    const checked = validateForm(subjectValueSchema.pick({ title: true }), { title });
    if (!checked.ok) {
      setError(checked.errors.title ?? COURSE_MESSAGES.subjectTitleRequired);
      return;
    }
    onAdd(checked.data.title);
    setTitle('');
  };
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <FormField id="new-subject-title" label="New subject" error={error} className="min-w-0 flex-1 basis-56">
        {(control) => (
          <Input
            {...control}
            maxLength={300}
            placeholder="e.g. Indian History"
            value={title}
            onChange={(event) => {
              setTitle(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <Button type="submit" variant="outline">
        <Plus aria-hidden="true" />
        Add subject
      </Button>
    </form>
  );
}

function SubjectCards({ editor, onOpen }: { editor: CourseEditorApi; onOpen: (key: string) => void }) {
  const { subjects } = editor.draft;
  const setSubjects = (next: (current: DraftSubject[]) => DraftSubject[]) => editor.change((draft) => ({ ...draft, subjects: next(draft.subjects) }));
  return (
    <SectionCard title="Subjects" description="Each subject holds lectures; students see them in this order.">
      {subjects.length === 0 && <p className="text-sm text-muted-foreground">No subjects yet.</p>}
      <ol className="grid gap-2" aria-label="Subjects">
        {subjects.map((subject, index) => (
          <li key={subject.key} aria-label={subject.title} className="grid gap-2 rounded-md border p-3 sm:flex sm:items-center sm:gap-3">
            {/* The title takes its own line on a phone, the controls the next: nothing overlaps it. */}
            <span className="flex min-w-0 flex-1 items-baseline gap-2">
              <span className="w-6 shrink-0 text-right text-sm text-muted-foreground">{index + 1}.</span>
              <button
                type="button"
                className="min-w-0 text-left font-medium text-primary [overflow-wrap:anywhere] hover:underline"
                onClick={() => onOpen(subject.key)}
              >
                {subject.title}
              </button>
            </span>
            <span className="flex flex-wrap items-center gap-2 pl-8 sm:pl-0">
              <span className="text-xs text-muted-foreground">{subject.lectures.length === 1 ? '1 lecture' : `${subject.lectures.length} lectures`}</span>
              {!subject.isActive && <Badge variant="secondary">Inactive</Badge>}
              <MoveControl name={subject.title} count={subjects.length} onMove={(position) => setSubjects((current) => moveTo(current, index, position))} />
              <RemoveButton
                label={`Remove ${subject.title}`}
                onClick={() => {
                  if (subject.lectures.length > 0) {
                    toastError('The subject cannot be removed', new Error(COURSE_MESSAGES.subjectHasLectures));
                    return;
                  }
                  setSubjects((current) => current.filter((other) => other.key !== subject.key));
                }}
              />
            </span>
          </li>
        ))}
      </ol>
      <AddSubjectForm
        onAdd={(title) => setSubjects((current) => [...current, { key: newKey(), _id: undefined, title, isActive: true, bannerImageId: null, lectures: [] }])}
      />
    </SectionCard>
  );
}

function SubjectDetail({ editor, subject, onBack }: { editor: CourseEditorApi; subject: DraftSubject; onBack: () => void }) {
  const [picking, setPicking] = useState(false);
  const update = (next: (current: DraftSubject) => DraftSubject) =>
    editor.change((draft) => ({ ...draft, subjects: draft.subjects.map((other) => (other.key === subject.key ? next(other) : other)) }));
  const updateLecture = (lectureId: string, patch: Partial<DraftLecture>) =>
    update((current) => ({ ...current, lectures: current.lectures.map((lecture) => (lecture._id === lectureId ? { ...lecture, ...patch } : lecture)) }));
  const { lectures } = subject;
  return (
    <div className="grid gap-4">
      <Button variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        All subjects
      </Button>
      <SectionCard title={subject.title} description="Its lectures in order, each on the days of the plan it belongs to.">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="subject-title" label="Subject title">
            {(control) => (
              <Input
                {...control}
                maxLength={300}
                value={subject.title}
                onChange={(event) => update((current) => ({ ...current, title: event.target.value }))}
              />
            )}
          </FormField>
          <SwitchField
            id="subject-active"
            label="Active"
            description="Inactive subjects are hidden from students."
            className="self-end"
            checked={subject.isActive}
            onCheckedChange={(isActive) => update((current) => ({ ...current, isActive }))}
          />
        </div>
        {lectures.length === 0 ? (
          <p className="text-sm text-muted-foreground">No lectures in this subject yet.</p>
        ) : (
          <Table aria-label="Lectures of the subject">
            <TableHeader>
              <TableRow>
                <TableHead className="w-8">#</TableHead>
                <TableHead>Lecture</TableHead>
                <TableHead>Days</TableHead>
                <TableHead>Topic</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lectures.map((lecture, index) => (
                <TableRow key={lecture._id}>
                  <TableCell className="text-muted-foreground">{index + 1}</TableCell>
                  <TitleCell title={lecture.title} isPublished={lecture.isPublished} />
                  <DaysCell title={lecture.title} placeholder="e.g. 1, 3" value={lecture.days} onChange={(days) => updateLecture(lecture._id, { days })} />
                  <TableCell>
                    <Input
                      aria-label={`Topic of ${lecture.title}`}
                      className="h-8 w-44"
                      maxLength={300}
                      placeholder={subject.title}
                      value={lecture.topic}
                      onChange={(event) => updateLecture(lecture._id, { topic: event.target.value })}
                    />
                  </TableCell>
                  <TableCell>
                    <span className="flex items-center gap-1">
                      <MoveControl
                        name={lecture.title}
                        count={lectures.length}
                        onMove={(position) => update((current) => ({ ...current, lectures: moveTo(current.lectures, index, position) }))}
                      />
                      <RemoveButton
                        label={`Remove ${lecture.title}`}
                        onClick={() => {
                          update((current) => ({ ...current, lectures: current.lectures.filter((other) => other._id !== lecture._id) }));
                          editor.lectureRemoved(lecture._id);
                        }}
                      />
                    </span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <p className="text-xs text-muted-foreground">
          Days: numbers separated by commas; anything else counts as day 0. The topic groups lectures on a day (the subject&apos;s title when empty).
        </p>
        <AddRowButton onClick={() => setPicking(true)}>Add lectures</AddRowButton>
      </SectionCard>
      <LecturePicker
        open={picking}
        onOpenChange={setPicking}
        disabledIds={lectures.map((lecture) => lecture._id)}
        onConfirm={(chosen) => {
          const known = new Set(lectures.map((lecture) => lecture._id));
          const added = chosen.filter((lecture) => !known.has(lecture._id));
          update((current) => ({
            ...current,
            lectures: [
              ...current.lectures,
              ...added.map((lecture) => ({
                _id: lecture._id,
                title: lecture.title,
                isPublished: lecture.isPublished,
                videoDurationInMinutes: lecture.videoDurationInMinutes,
                days: '',
                topic: '',
              })),
            ],
          }));
          for (const lecture of added) editor.lectureAdded(lecture._id);
        }}
      />
    </div>
  );
}

/** The Subjects tab: the subject cards, or one subject's lectures when it is opened. */
export function CourseSubjectsTab({ editor }: { editor: CourseEditorApi }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const subject = editor.draft.subjects.find((candidate) => candidate.key === openKey);
  if (subject) return <SubjectDetail editor={editor} subject={subject} onBack={() => setOpenKey(null)} />;
  return <SubjectCards editor={editor} onOpen={setOpenKey} />;
}
CourseSubjectsTab.displayName = 'CourseSubjectsTab';
