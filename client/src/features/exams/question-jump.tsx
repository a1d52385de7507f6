import { useState, type FormEvent } from 'react';
import { CornerDownRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

export function jumpRangeMessage(total: number): string {
  return `Enter a question number from 1 to ${total}.`;
}

export interface QuestionJumpProps {
  /** Questions in the exam; numbers run from 1 to this through every group. */
  total: number;
  onJump: (number: number) => void;
}

/** "Jump to question": a number typed here opens that question and brings it into view. */
export function QuestionJump({ total, onJump }: QuestionJumpProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = Number(text);
    if (text.trim() === '' || !Number.isInteger(number) || number < 1 || number > total) {
      setError(jumpRangeMessage(total));
      return;
    }
    setError(undefined);
    onJump(number);
  };

  return (
    <form noValidate aria-label="Jump to a question" onSubmit={submit}>
      <FormField id="jump-to-question" label="Jump to question" error={error} hint={`1 to ${total}, counted through every group.`}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={total}
              step={1}
              placeholder="e.g. 57"
              className="w-28 tabular-nums"
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
            <Button type="submit" variant="outline">
              <CornerDownRight aria-hidden="true" />
              Go
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
QuestionJump.displayName = 'QuestionJump';
