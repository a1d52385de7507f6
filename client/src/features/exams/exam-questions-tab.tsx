import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, ChevronsDownUp, ChevronsUpDown, Plus } from 'lucide-react';
import type { Question, QuestionGroup } from '../../../../shared/exams/exams.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { groupEdits, newQuestion, questionCount, questionEdits, type ExamDraft, type QuestionGroupDraft } from './exam-draft.ts';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { RemoveButton } from '../../components/remove-button.tsx';
import { questionElementId } from './question-editor.tsx';
import { QuestionList } from './question-list.tsx';
import { QuestionJump } from './question-jump.tsx';
import { firstQuestionNumbers, locateQuestion } from './question-numbers.ts';
import { SpreadsheetImport } from './spreadsheet-import.tsx';

export type DraftUpdate = (update: (draft: ExamDraft) => ExamDraft) => void;

/**
 * Questions start open in a short quiz; beyond this they start closed, one line each, so
 * that a 100-question mock test reads as a list to scan and jump into, not pages of forms.
 */
export const OPEN_BY_DEFAULT_UP_TO = 20;

export function groupDisplayName(group: Pick<QuestionGroupDraft, 'title'>, index: number): string {
  return group.title.trim() || `Group ${index + 1}`;
}

interface GroupCardProps {
  group: QuestionGroupDraft;
  index: number;
  count: number;
  /** The number in the exam of the group's first question; null when the exam has one group. */
  firstNumber: number | null;
  /** The question last jumped to. */
  highlightedResId: string | null;
  update: DraftUpdate;
  isOpen: (resId: string) => boolean;
  onToggle: (resId: string) => void;
  onSetOpen: (resIds: readonly string[], open: boolean) => void;
  onRemoveRequest: (index: number) => void;
  onUploadBusyChange: (busy: boolean) => void;
}

const GroupCard = memo(function GroupCard({
  group,
  index,
  count,
  firstNumber,
  highlightedResId,
  update,
  isOpen,
  onToggle,
  onSetOpen,
  onRemoveRequest,
  onUploadBusyChange,
}: GroupCardProps) {
  const name = groupDisplayName(group, index);
  const id = `group-${group.resId}`;

  const onChange = useCallback(
    (questionIndex: number, patch: Partial<Question>) => update((draft) => questionEdits.update(draft, index, questionIndex, patch)),
    [update, index],
  );
  const onEdit = useCallback(
    (questionIndex: number, edit: (question: Question) => Question) =>
      update((draft) => {
        const question = draft.questionGroups[index]?.questions[questionIndex];
        return question ? questionEdits.update(draft, index, questionIndex, edit(question)) : draft;
      }),
    [update, index],
  );
  const onMove = useCallback(
    (questionIndex: number, direction: -1 | 1) => update((draft) => questionEdits.move(draft, index, questionIndex, direction)),
    [update, index],
  );
  const onRemove = useCallback((questionIndex: number) => update((draft) => questionEdits.remove(draft, index, questionIndex)), [update, index]);
  const addQuestion = () => {
    const question = newQuestion();
    onSetOpen([question.resId], true);
    update((draft) => questionEdits.add(draft, index, question));
  };
  const { title, durationInMins, hasTimeRestriction } = group;
  const size = group.questions.length;
  // Kept while a question of the group is typed in: only the group's own fields change it.
  const settings = useMemo(() => {
    const patchGroup = (patch: Partial<QuestionGroupDraft>) => update((draft) => groupEdits.update(draft, index, patch));
    return (
      <CardHeader className="gap-3 pb-3">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-base">
            Group {index + 1}
            <span className="ml-2 text-sm font-normal text-muted-foreground">
              {size} question{size === 1 ? '' : 's'}
            </span>
          </CardTitle>
          <div className="ml-auto flex items-center">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => update((draft) => groupEdits.move(draft, index, -1))}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => update((draft) => groupEdits.move(draft, index, 1))}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <RemoveButton label={`Remove ${name}`} onClick={() => onRemoveRequest(index)} />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem] sm:items-end">
          <FormField id={`${id}-title`} label={`Group ${index + 1} title`}>
            {(control) => (
              <Input
                {...control}
                maxLength={300}
                placeholder="e.g. General Knowledge"
                value={title}
                onChange={(event) => patchGroup({ title: event.target.value })}
              />
            )}
          </FormField>
          <FormField id={`${id}-duration`} label="Duration (minutes)">
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={durationInMins}
                onChange={(event) => patchGroup({ durationInMins: event.target.value })}
              />
            )}
          </FormField>
        </div>
        <SwitchField
          id={`${id}-restriction`}
          label="Time restriction"
          description={
            hasTimeRestriction
              ? `Students get ${durationInMins || '?'} minutes for this group and cannot come back to it.`
              : 'Students move freely between groups within the exam time.'
          }
          checked={hasTimeRestriction}
          onCheckedChange={(checked) => patchGroup({ hasTimeRestriction: checked })}
        />
      </CardHeader>
    );
  }, [title, durationInMins, hasTimeRestriction, size, name, id, index, count, update, onRemoveRequest]);
  const resIds = group.questions.map((question) => question.resId);
  const allOpen = resIds.length > 0 && resIds.every(isOpen);

  return (
    <Card role="group" aria-label={name}>
      {settings}
      <CardContent className="grid gap-3">
        {group.questions.length === 0 ? (
          <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">No questions in this group yet.</p>
        ) : (
          <QuestionList
            questions={group.questions}
            groupLabel={name}
            firstNumber={firstNumber}
            highlightedResId={highlightedResId}
            isOpen={isOpen}
            onToggle={onToggle}
            onChange={onChange}
            onEdit={onEdit}
            onMove={onMove}
            onRemove={onRemove}
            onUploadBusyChange={onUploadBusyChange}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={addQuestion}>
            <Plus aria-hidden="true" />
            Add question to {name}
          </Button>
          {resIds.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => onSetOpen(resIds, !allOpen)}>
              {allOpen ? <ChevronsDownUp aria-hidden="true" /> : <ChevronsUpDown aria-hidden="true" />}
              {allOpen ? 'Collapse all' : 'Expand all'}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
});
GroupCard.displayName = 'GroupCard';

export interface ExamQuestionsTabProps {
  draft: ExamDraft;
  update: DraftUpdate;
  /** Told when an image or spreadsheet upload starts and ends, so that Save waits for it. */
  onUploadBusyChange: (busy: boolean) => void;
}

/** The Questions tab: question groups and their questions, added, edited, reordered and removed. */
export function ExamQuestionsTab({ draft, update, onUploadBusyChange }: ExamQuestionsTabProps) {
  const total = questionCount(draft);
  const [openByDefault] = useState(() => total <= OPEN_BY_DEFAULT_UP_TO);
  const [openState, setOpenState] = useState<Readonly<Record<string, boolean>>>({});
  const [removing, setRemoving] = useState<number | null>(null);
  // A new object per jump, so that jumping to the same question twice scrolls again.
  const [jumpTarget, setJumpTarget] = useState<{ resId: string } | null>(null);
  const firstNumbers = useMemo(() => firstQuestionNumbers(draft.questionGroups), [draft.questionGroups]);
  const allResIds = useMemo(() => draft.questionGroups.flatMap((group) => group.questions.map((question) => question.resId)), [draft.questionGroups]);

  const isOpen = useCallback((resId: string) => openState[resId] ?? openByDefault, [openState, openByDefault]);
  const onToggle = useCallback((resId: string) => setOpenState((current) => ({ ...current, [resId]: !(current[resId] ?? openByDefault) })), [openByDefault]);
  const onSetOpen = useCallback(
    (resIds: readonly string[], open: boolean) => setOpenState((current) => ({ ...current, ...Object.fromEntries(resIds.map((resId) => [resId, open])) })),
    [],
  );

  const allOpen = allResIds.length > 0 && allResIds.every(isOpen);

  // Read when used, so that the controls above the groups stay as they are while a question is typed in.
  const latest = useRef({ groups: draft.questionGroups, allResIds });
  latest.current = { groups: draft.questionGroups, allResIds };
  const jumpTo = useCallback(
    (number: number) => {
      const place = locateQuestion(latest.current.groups, number);
      if (!place) return;
      onSetOpen([place.resId], true);
      setJumpTarget({ resId: place.resId });
    },
    [onSetOpen],
  );
  // After the question has opened: bring it into view and put the keyboard on it.
  useEffect(() => {
    if (!jumpTarget) return;
    const item = document.getElementById(questionElementId(jumpTarget.resId));
    if (!item) return;
    item.scrollIntoView({ block: 'start' });
    item.querySelector<HTMLButtonElement>('button[aria-expanded]')?.focus({ preventScroll: true });
  }, [jumpTarget]);

  const removeGroup = (index: number) => {
    if ((draft.questionGroups[index]?.questions.length ?? 0) === 0) update((current) => groupEdits.remove(current, index));
    else setRemoving(index);
  };
  const appendImported = useCallback(
    (groups: QuestionGroup[]) => {
      const ids = groups.flatMap((group) => group.questions.map((question) => question.resId));
      // A large import starts closed, like a large exam.
      if (ids.length > OPEN_BY_DEFAULT_UP_TO) onSetOpen(ids, false);
      update((current) => groupEdits.append(current, groups));
      toastSuccess(`Imported ${ids.length} question(s) in ${groups.length} group(s)`, 'Save the exam to keep them.');
    },
    [onSetOpen, update],
  );

  const removingGroup = removing === null ? undefined : draft.questionGroups[removing];
  const groupCountLabel = useMemo(
    () => `${draft.questionGroups.length} group${draft.questionGroups.length === 1 ? '' : 's'}, ${total} question${total === 1 ? '' : 's'}`,
    [draft.questionGroups.length, total],
  );

  const controls = useMemo(
    () => (
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
          <div className="grid gap-1.5">
            <CardTitle className="text-base">Question groups</CardTitle>
            <CardDescription>{groupCountLabel}. Changes are kept here until you save the exam.</CardDescription>
          </div>
          <Button onClick={() => update(groupEdits.add)}>
            <Plus aria-hidden="true" />
            Add group
          </Button>
        </CardHeader>
        {total > 1 && (
          <CardContent className="flex flex-wrap items-end justify-between gap-3 border-t pt-4">
            <QuestionJump total={total} onJump={jumpTo} />
            <Button variant="outline" size="sm" onClick={() => onSetOpen(latest.current.allResIds, !allOpen)}>
              {allOpen ? <ChevronsDownUp aria-hidden="true" /> : <ChevronsUpDown aria-hidden="true" />}
              {allOpen ? 'Collapse all questions' : 'Expand all questions'}
            </Button>
          </CardContent>
        )}
        <CardContent className="grid gap-2 border-t pt-4">
          <h3 className="text-sm font-medium">Import from a spreadsheet</h3>
          <SpreadsheetImport onImported={appendImported} onBusyChange={onUploadBusyChange} />
        </CardContent>
      </Card>
    ),
    [groupCountLabel, total, allOpen, update, jumpTo, onSetOpen, appendImported, onUploadBusyChange],
  );

  return (
    <div className="grid gap-4">
      {controls}
      {draft.questionGroups.map((group, index) => (
        <GroupCard
          key={group.resId}
          group={group}
          index={index}
          count={draft.questionGroups.length}
          firstNumber={draft.questionGroups.length > 1 ? (firstNumbers[index] ?? null) : null}
          highlightedResId={jumpTarget?.resId ?? null}
          update={update}
          isOpen={isOpen}
          onToggle={onToggle}
          onSetOpen={onSetOpen}
          onRemoveRequest={removeGroup}
          onUploadBusyChange={onUploadBusyChange}
        />
      ))}
      {draft.questionGroups.length === 0 && (
        <p className="rounded-lg border border-dashed bg-card px-4 py-8 text-center text-sm text-muted-foreground">
          No question groups yet. Add a group, or import questions from a spreadsheet.
        </p>
      )}
      <ConfirmModal
        open={removingGroup !== undefined}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove group"
        text={
          removingGroup && removing !== null
            ? `${groupDisplayName(removingGroup, removing)} has ${removingGroup.questions.length} question(s). Remove the group with its questions? Nothing is deleted until you save the exam.`
            : ''
        }
        cancelLabel="Keep"
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing !== null) update((current) => groupEdits.remove(current, removing));
        }}
      />
    </div>
  );
}
ExamQuestionsTab.displayName = 'ExamQuestionsTab';
