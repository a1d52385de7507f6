import { useEffect, useState } from 'react';
import { movePosition } from '../../../../shared/courses/course-editor.rules.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';

export interface MoveLectureModalProps {
  /** The lecture being moved, with its current one-based position; null when closed. */
  lecture: { title: string; position: number } | null;
  count: number;
  onOpenChange: (open: boolean) => void;
  /** Moves it to the position; a rejection is shown inside. */
  onMove: (position: number) => Promise<unknown>;
}

/** "Move Lecture": a new one-based position, from 1 to the number of lectures. */
export function MoveLectureModal({ lecture, count, onOpenChange, onMove }: MoveLectureModalProps) {
  const [text, setText] = useState('');
  const key = lecture ? `${lecture.title}\u0000${lecture.position}` : null;
  useEffect(() => setText(''), [key]);
  const position = movePosition(text, count);
  return (
    <FormModal
      open={lecture !== null}
      onOpenChange={onOpenChange}
      title="Move Lecture"
      description={lecture ? `“${lecture.title}” is at position ${lecture.position} of ${count}.` : undefined}
      submitLabel="Move"
      busyLabel="Moving..."
      errorTitle="Move Failed"
      submitDisabled={position === null}
      onSubmit={async () => {
        if (position === null) return;
        await onMove(position);
        onOpenChange(false);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="move-position">New position (1 to {count})</Label>
        <Input id="move-position" inputMode="numeric" autoFocus value={text} onChange={(event) => setText(event.target.value)} />
      </div>
    </FormModal>
  );
}
MoveLectureModal.displayName = 'MoveLectureModal';
