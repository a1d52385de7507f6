import { useState } from 'react';
import { movePosition } from '../../../../shared/courses/course-editor.rules.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';

/** "Move to position": enabled only for a whole number from 1 to the number of items. */
export function MoveControl({ name, count, onMove }: { name: string; count: number; onMove: (position: number) => void }) {
  const [text, setText] = useState('');
  const position = movePosition(text, count);
  return (
    <span className="flex items-center gap-1">
      <Input
        aria-label={`Position for ${name}`}
        className="h-8 w-16"
        inputMode="numeric"
        placeholder="#"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Button
        variant="outline"
        size="sm"
        disabled={position === null}
        aria-label={`Move ${name}`}
        onClick={() => {
          if (position === null) return;
          onMove(position);
          setText('');
        }}
      >
        Move
      </Button>
    </span>
  );
}
MoveControl.displayName = 'MoveControl';
