import { Check } from 'lucide-react';
import { cn } from '../../../lib/utils.ts';
import { PROGRESS_STEPS, type RecoveryStep } from './recovery-steps.ts';

/** "1 Email · 2 Method · 3 Code · 4 Password", with the current step marked. */
export function StepProgress({ current }: { current: RecoveryStep }) {
  const currentIndex = PROGRESS_STEPS.findIndex((entry) => entry.step === current);
  // Contact support branches off the method step.
  const activeIndex = currentIndex === -1 ? 1 : currentIndex;
  return (
    <ol aria-label="Recovery progress" className="mb-5 flex items-center gap-2 text-xs">
      {PROGRESS_STEPS.map((entry, index) => {
        const done = index < activeIndex;
        const active = index === activeIndex;
        return (
          <li
            key={entry.step}
            aria-current={active ? 'step' : undefined}
            className={cn('flex flex-1 items-center gap-1.5', active ? 'font-semibold text-foreground' : 'text-muted-foreground')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-5 shrink-0 items-center justify-center rounded-full border text-[0.65rem]',
                done && 'border-primary bg-primary text-primary-foreground',
                active && 'border-primary text-primary',
              )}
            >
              {done ? <Check className="size-3" /> : index + 1}
            </span>
            {entry.label}
          </li>
        );
      })}
    </ol>
  );
}
StepProgress.displayName = 'StepProgress';
