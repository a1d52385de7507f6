import * as React from 'react';
import { TriangleAlert } from 'lucide-react';
import { cn } from '../lib/utils.ts';
import { WarningItems } from './warnings-list.tsx';

export const OFFLINE_WARNINGS_TEXT =
  'This content cannot be seen by students and other users through the app. To make it public, please resolve below warnings.';

export interface OfflineWarningsProps extends Omit<React.HTMLAttributes<HTMLDivElement>, 'title'> {
  /** True when the item is switched visible; warnings only matter then. */
  isVisible: boolean;
  warnings: readonly string[] | null | undefined;
  /** e.g. "Course Offline!" or "Exam Offline!". */
  title?: string;
  text?: string;
}

/**
 * The red panel of an editor whose item is meant to be public but is held back by
 * the server's publish warnings. Renders nothing otherwise.
 */
export const OfflineWarnings = React.forwardRef<HTMLDivElement, OfflineWarningsProps>(
  ({ isVisible, warnings, title = 'Lecture Offline!', text = OFFLINE_WARNINGS_TEXT, className, ...props }, ref) => {
    const headingId = React.useId();
    if (!isVisible || !warnings || warnings.length === 0) return null;
    return (
      <section
        ref={ref}
        role="alert"
        aria-labelledby={headingId}
        className={cn('rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-destructive', className)}
        {...props}
      >
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <TriangleAlert aria-hidden="true" className="size-4" />
          {title}
        </h3>
        <p className="mt-1 text-sm">{text}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          <WarningItems warnings={warnings} />
        </ul>
      </section>
    );
  },
);
OfflineWarnings.displayName = 'OfflineWarnings';
