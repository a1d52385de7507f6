import { useState } from 'react';
import { Link2 } from 'lucide-react';
import { moveTo } from '../../../../shared/courses/course-editor.rules.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { SectionCard } from '../../components/form/section-card.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { AddRowButton } from '../../components/form/add-row-button.tsx';
import { MoveControl } from '../courses/move-control.tsx';
import { ExamPicker } from '../exams/exam-picker.tsx';
import { newGroupKey, type DraftGroup, type RankFileDraft } from './rank-file-draft.ts';

export interface RankFileGroupsCardProps {
  groups: DraftGroup[];
  change: (update: (current: RankFileDraft) => RankFileDraft) => void;
  /** Attaching an exam is saved at once, with the draft as it is then. */
  saveNow: () => void;
}

/** The exam groups of a rank file: add, move to a position, attach an exam (saved at once), remove after asking. */
export function RankFileGroupsCard({ groups, change, saveNow }: RankFileGroupsCardProps) {
  const [attaching, setAttaching] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DraftGroup | null>(null);
  const setGroups = (next: (current: DraftGroup[]) => DraftGroup[]) => change((draft) => ({ ...draft, groups: next(draft.groups) }));
  const update = (key: string, patch: Partial<DraftGroup>) =>
    setGroups((current) => current.map((group) => (group.key === key ? { ...group, ...patch } : group)));
  const name = (group: DraftGroup, index: number) => group.title || `Group ${index + 1}`;

  return (
    <SectionCard
      title="Exam groups"
      description="Each group holds one exam; students are ranked by their first attempts of all of them, summed."
      className="lg:col-span-2"
    >
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">No groups yet.</p>
      ) : (
        <Table aria-label="Exam groups">
          <TableHeader>
            <TableRow>
              <TableHead className="w-8">#</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Exam</TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {groups.map((group, index) => (
              <TableRow key={group.key}>
                <TableCell className="text-muted-foreground">{index + 1}</TableCell>
                <TableCell>
                  <Input
                    aria-label={`Title of group ${index + 1}`}
                    className="h-8"
                    maxLength={300}
                    value={group.title}
                    onChange={(event) => update(group.key, { title: event.target.value })}
                  />
                </TableCell>
                <TableCell>
                  {group.exam ? (
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{group.examTitle ?? group.exam}</span>
                      {group.examIsPublished === false && <Badge variant="destructive">Unpublished</Badge>}
                    </span>
                  ) : (
                    <span className="text-muted-foreground">No exam</span>
                  )}
                </TableCell>
                <TableCell>
                  <span className="flex flex-wrap items-center gap-1">
                    <Button variant="outline" size="sm" aria-label={`Attach an exam to ${name(group, index)}`} onClick={() => setAttaching(group.key)}>
                      <Link2 aria-hidden="true" />
                      {group.exam ? 'Change exam' : 'Attach exam'}
                    </Button>
                    <MoveControl
                      name={name(group, index)}
                      count={groups.length}
                      onMove={(position) => setGroups((current) => moveTo(current, index, position))}
                    />
                    <RemoveButton label={`Remove ${name(group, index)}`} onClick={() => setRemoving(group)} />
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddRowButton
        onClick={() =>
          setGroups((current) => [
            ...current,
            { key: newGroupKey(), resId: undefined, title: `Group ${current.length + 1}`, description: '', exam: null, examTitle: null, examIsPublished: null },
          ])
        }
      >
        Add group
      </AddRowButton>
      <ExamPicker
        open={attaching !== null}
        onOpenChange={(open) => !open && setAttaching(null)}
        selection="single"
        disabledIds={groups.map((group) => group.exam).filter((exam): exam is string => exam !== null)}
        onConfirm={([exam]) => {
          if (!exam || attaching === null) return;
          update(attaching, { exam: exam._id, examTitle: exam.title, examIsPublished: exam.isPublished });
          setAttaching(null);
          saveNow();
        }}
      />
      <ConfirmModal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove Group"
        text={removing ? `Remove the group “${removing.title || 'without a title'}”? Save the rank file to apply.` : ''}
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing) setGroups((current) => current.filter((group) => group.key !== removing.key));
          setRemoving(null);
        }}
      />
    </SectionCard>
  );
}
RankFileGroupsCard.displayName = 'RankFileGroupsCard';
