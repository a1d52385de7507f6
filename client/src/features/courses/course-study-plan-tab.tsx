import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { COURSE_MESSAGES } from '../../../../shared/courses/course.constants.ts';
import { dayTitle } from '../../../../shared/courses/schedule.rules.ts';
import type { StudyPlanNote } from '../../../../shared/courses/courses.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { TextArea } from '../../components/ui/textarea.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import type { CourseEditorApi } from './course-draft.ts';

const INTRODUCTION = -1;

function sectionTitle(afterDayIndex: number): string {
  return afterDayIndex === INTRODUCTION ? 'Introduction' : `After ${dayTitle(afterDayIndex)}`;
}

function newNoteId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

function AddNoteForm({ onAdd }: { onAdd: (note: Pick<StudyPlanNote, 'afterDayIndex' | 'title' | 'content'>) => void }) {
  const [day, setDay] = useState('-1');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="grid gap-3 rounded-md border p-3"
      aria-label="New note"
      onSubmit={(event) => {
        event.preventDefault();
        if (content.trim() === '') {
          setError(COURSE_MESSAGES.noteContentRequired);
          return;
        }
        const afterDayIndex = Math.max(INTRODUCTION, Math.trunc(Number(day)) || 0);
        onAdd({ afterDayIndex, title: title.trim(), content: content.trim() });
        setTitle('');
        setContent('');
      }}
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <FormField id="note-day" label="After day" hint="-1 for the introduction">
          {(control) => <Input {...control} type="number" min={-1} step={1} value={day} onChange={(event) => setDay(event.target.value)} />}
        </FormField>
        <FormField id="note-title" label="Title (optional)">
          {(control) => <Input {...control} maxLength={300} value={title} onChange={(event) => setTitle(event.target.value)} />}
        </FormField>
      </div>
      <FormField id="note-content" label="Note" error={error}>
        {(control) => (
          <TextArea
            {...control}
            rows={3}
            maxLength={20000}
            value={content}
            onChange={(event) => {
              setContent(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <AddRowButton type="submit">Add note</AddRowButton>
    </form>
  );
}

/** The Study Plan tab: notes by day (the introduction first), each with its visibility and times. */
export function CourseStudyPlanTab({ editor }: { editor: CourseEditorApi }) {
  const notes = editor.draft.studyPlanNotes;
  const days = [...new Set(notes.map((note) => note.afterDayIndex))].sort((a, b) => a - b);
  const setNotes = (next: (current: StudyPlanNote[]) => StudyPlanNote[]) =>
    editor.change((draft) => ({ ...draft, studyPlanNotes: next(draft.studyPlanNotes) }));
  const updateNote = (id: string, patch: Partial<StudyPlanNote>) =>
    setNotes((current) => current.map((note) => (note.id === id ? { ...note, ...patch, updatedAt: new Date().toISOString() } : note)));

  return (
    <SectionCard title="Study Plan" description="Notes students read between the days of the plan.">
      {days.length === 0 && <p className="text-sm text-muted-foreground">No notes yet.</p>}
      {days.map((day) => (
        <details key={day} open className="rounded-md border">
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">{sectionTitle(day)}</summary>
          <ul className="grid gap-3 border-t p-3">
            {notes
              .filter((note) => note.afterDayIndex === day)
              .map((note) => {
                const [createdDate, createdTime] = note.createdAt ? formatDateAndTime(note.createdAt) : ['', ''];
                return (
                  <li key={note.id} className="grid gap-2" aria-label={note.title || 'Note'}>
                    <Input
                      aria-label="Note title"
                      maxLength={300}
                      value={note.title}
                      placeholder="Title (optional)"
                      onChange={(event) => updateNote(note.id, { title: event.target.value })}
                    />
                    <TextArea
                      aria-label="Note text"
                      rows={3}
                      maxLength={20000}
                      value={note.content}
                      onChange={(event) => updateNote(note.id, { content: event.target.value })}
                    />
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <SwitchField
                        id={`note-visible-${note.id}`}
                        label="Visible"
                        checked={note.visible}
                        onCheckedChange={(visible) => updateNote(note.id, { visible })}
                      />
                      <span className="text-xs text-muted-foreground">{note.createdAt ? `Added ${createdDate} ${createdTime}` : 'Not saved yet'}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-destructive hover:text-destructive"
                        onClick={() => setNotes((current) => current.filter((other) => other.id !== note.id))}
                      >
                        <Trash2 aria-hidden="true" />
                        Remove note
                      </Button>
                    </div>
                  </li>
                );
              })}
          </ul>
        </details>
      ))}
      <AddNoteForm onAdd={(note) => setNotes((current) => [...current, { ...note, id: newNoteId(), visible: true }])} />
    </SectionCard>
  );
}
CourseStudyPlanTab.displayName = 'CourseStudyPlanTab';
