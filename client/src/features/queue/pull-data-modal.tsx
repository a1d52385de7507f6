import { useState } from 'react';
import { FormModal } from '../../components/form-modal.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group.tsx';
import { api } from '../../lib/trpc.ts';

/** How many files one pull may bring into the queue. */
export const PULL_COUNTS = [3, 5, 10, 50, 100, 1000] as const;
export const DEFAULT_PULL_COUNT = 10;
export type PullOperation = 'video' | 'pdf';

export interface PullDataModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told how many files joined the queue. */
  onPulled: (pulled: number) => void;
}

/** Pull data: brings files that need processing (with force, also those done) into the queue. */
export function PullDataModal({ open, onOpenChange, onPulled }: PullDataModalProps) {
  const [operation, setOperation] = useState<PullOperation>('video');
  const [count, setCount] = useState<number>(DEFAULT_PULL_COUNT);
  const [force, setForce] = useState(false);
  const pull = api.queue.pull.useMutation();

  const change = (next: boolean) => {
    if (next) {
      setOperation('video');
      setCount(DEFAULT_PULL_COUNT);
      setForce(false);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const answer = await pull.mutateAsync({ type: operation, count, force });
    onOpenChange(false);
    onPulled(answer.pulled);
  };

  return (
    <FormModal
      open={open}
      onOpenChange={change}
      title="Pull Data"
      description="Add files that still need processing to the queue, oldest first."
      submitLabel="Pull Data"
      busyLabel="Pulling..."
      errorTitle="Request Error"
      onSubmit={submit}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Operation</legend>
        <RadioGroup value={operation} onValueChange={(value) => setOperation(value as PullOperation)} className="flex gap-6">
          <div className="flex items-center gap-2">
            <RadioGroupItem id="pull-operation-video" value="video" />
            <Label htmlFor="pull-operation-video">Video</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="pull-operation-pdf" value="pdf" />
            <Label htmlFor="pull-operation-pdf">PDF</Label>
          </div>
        </RadioGroup>
      </fieldset>
      <SelectField
        id="pull-count"
        label="Count"
        value={String(count)}
        options={PULL_COUNTS.map((option) => ({ value: String(option), label: option }))}
        onChange={(chosen) => setCount(Number(chosen))}
      />
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox id="pull-force" checked={force} onChange={(event) => setForce(event.target.checked)} />
          <Label htmlFor="pull-force">Force</Label>
        </div>
        <p className="pl-6 text-xs text-muted-foreground">Also pull files that are already processed, to process them again.</p>
      </div>
    </FormModal>
  );
}
PullDataModal.displayName = 'PullDataModal';
