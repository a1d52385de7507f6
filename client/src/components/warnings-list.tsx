import { displayText, ISOLATED_TEXT } from '../lib/user-text.ts';
import { cn } from '../lib/utils.ts';

export const RESOLVE_WARNINGS_TEXT = 'Please resolve these warnings and try again';

/** A message that only repeats one of the warnings listed under it: shown once, in the list. */
export function repeatsWarning(text: unknown, warnings: readonly string[] | undefined): boolean {
  return typeof text === 'string' && (warnings ?? []).some((warning) => warning.trim() === text.trim());
}

/** Each warning as an item of a list, isolated in its own writing direction. */
export function WarningItems({ warnings }: { warnings: readonly string[] }) {
  return (
    <>
      {warnings.map((warning, index) => (
        <li key={`${index}-${warning}`} dir="auto" className={ISOLATED_TEXT}>
          {displayText(warning)}
        </li>
      ))}
    </>
  );
}

/** A has-warnings answer's blockers as an ordered list under an introduction. */
export function WarningsList({
  warnings,
  intro = RESOLVE_WARNINGS_TEXT,
  className,
}: {
  warnings: readonly string[];
  intro?: string | null;
  className?: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <div className={cn('grid gap-1 text-sm', className)}>
      {intro && <p>{intro}</p>}
      <ol className="list-decimal space-y-1 pl-6">
        <WarningItems warnings={warnings} />
      </ol>
    </div>
  );
}
WarningsList.displayName = 'WarningsList';
