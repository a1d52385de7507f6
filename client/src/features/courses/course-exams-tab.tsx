import { useState } from 'react';

import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import { ExamPicker } from '../exams/exam-picker.tsx';
import { RankFilePicker } from '../rank-files/rank-file-picker.tsx';
import type { CourseEditorApi } from './course-draft.ts';
import { DaysCell, TitleCell } from './course-table-cells.tsx';

type Removal = { kind: 'exam' | 'rank file'; id: string; title: string };

/** The Exams tab: the rank files and the exams on the course's plan, each exam with its days. */
export function CourseExamsTab({ editor }: { editor: CourseEditorApi }) {
  const { exams, rankFiles } = editor.draft;
  const [picking, setPicking] = useState(false);
  const [pickingRankFiles, setPickingRankFiles] = useState(false);
  const [removing, setRemoving] = useState<Removal | null>(null);

  const remove = (removal: Removal) => {
    if (removal.kind === 'exam') editor.change((draft) => ({ ...draft, exams: draft.exams.filter((entry) => entry.exam !== removal.id) }));
    else editor.change((draft) => ({ ...draft, rankFiles: draft.rankFiles.filter((rankFile) => rankFile._id !== removal.id) }));
  };

  return (
    <div className="grid gap-4">
      <SectionCard title="Rank files" description="Rank lists students of this course can see.">
        {rankFiles.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rank files attached.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Attached rank files">
            {rankFiles.map((rankFile) => (
              <li key={rankFile._id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                <span className="font-medium">{rankFile.title}</span>
                <RemoveButton label={`Remove ${rankFile.title}`} onClick={() => setRemoving({ kind: 'rank file', id: rankFile._id, title: rankFile.title })} />
              </li>
            ))}
          </ul>
        )}
        <AddRowButton onClick={() => setPickingRankFiles(true)}>Add rank files</AddRowButton>
      </SectionCard>
      <SectionCard title="Exams" description="Exams on the plan: each shows on the days listed for it (numbers separated by commas).">
        {exams.length === 0 ? (
          <p className="text-sm text-muted-foreground">No exams attached.</p>
        ) : (
          <Table aria-label="Attached exams">
            <TableHeader>
              <TableRow>
                <TableHead>Exam</TableHead>
                <TableHead>Days</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">Remove</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {exams.map((entry) => (
                <TableRow key={entry.exam}>
                  <TitleCell title={entry.title} isPublished={entry.isPublished} />
                  <DaysCell
                    title={entry.title}
                    placeholder="e.g. 3"
                    value={entry.dayTags}
                    onChange={(dayTags) =>
                      editor.change((draft) => ({
                        ...draft,
                        exams: draft.exams.map((other) => (other.exam === entry.exam ? { ...other, dayTags } : other)),
                      }))
                    }
                  />
                  <TableCell>
                    <RemoveButton label={`Remove ${entry.title}`} onClick={() => setRemoving({ kind: 'exam', id: entry.exam, title: entry.title })} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <AddRowButton onClick={() => setPicking(true)}>Add exams</AddRowButton>
      </SectionCard>
      <ExamPicker
        open={picking}
        onOpenChange={setPicking}
        selection="multiple"
        disabledIds={exams.map((entry) => entry.exam)}
        onConfirm={(chosen) =>
          editor.change((draft) => {
            const known = new Set(draft.exams.map((entry) => entry.exam));
            const added = chosen
              .filter((exam) => !known.has(exam._id))
              .map((exam) => ({ exam: exam._id, title: exam.title, isPublished: exam.isPublished, dayTags: '' }));
            return { ...draft, exams: [...draft.exams, ...added] };
          })
        }
      />
      <RankFilePicker
        open={pickingRankFiles}
        onOpenChange={setPickingRankFiles}
        selection="multiple"
        disabledIds={rankFiles.map((rankFile) => rankFile._id)}
        onConfirm={(chosen) =>
          editor.change((draft) => {
            const known = new Set(draft.rankFiles.map((rankFile) => rankFile._id));
            return {
              ...draft,
              rankFiles: [
                ...draft.rankFiles,
                ...chosen.filter((rankFile) => !known.has(rankFile._id)).map((rankFile) => ({ _id: rankFile._id, title: rankFile.title })),
              ],
            };
          })
        }
      />
      <ConfirmModal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing?.kind === 'exam' ? 'Remove Exam' : 'Remove Rank File'}
        text={removing ? `Remove “${removing.title}” from this course? It is kept, only detached; save the course to apply.` : ''}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing) remove(removing);
          setRemoving(null);
        }}
      />
    </div>
  );
}
CourseExamsTab.displayName = 'CourseExamsTab';
