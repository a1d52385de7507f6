import * as React from 'react';
import { FileSpreadsheet, Trash2, Upload } from 'lucide-react';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { formatBytes } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';

export interface CsvFileSlotProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Why the chosen file cannot be imported, shown under it. */
  error?: string | undefined;
}

/**
 * The import's file slot, laid out as the editors' file slots are: a choose button while empty, then
 * the file's name and size with Remove. Choosing does not send the file; the import does.
 */
export function CsvFileSlot({ label, file, onChange, disabled = false, error }: CsvFileSlotProps) {
  const inputId = React.useId();
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      {file ? (
        <div className={cn('flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm', error && 'border-destructive')}>
          <FileSpreadsheet aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1 break-all font-medium">{file.name}</span>
          <span className="text-xs text-muted-foreground">{formatBytes(file.size)}</span>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            disabled={disabled}
            aria-label={`Remove ${file.name}`}
            onClick={() => onChange(null)}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3">
          <input
            id={inputId}
            type="file"
            className="peer sr-only"
            accept=".csv,text/csv"
            disabled={disabled}
            aria-label={label}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              // Cleared so that choosing the same file again after Remove is noticed.
              event.target.value = '';
              if (chosen) onChange(chosen);
            }}
          />
          <label
            htmlFor={inputId}
            aria-hidden="true"
            className={cn(
              buttonVariants({ variant: 'outline' }),
              'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
            )}
          >
            <Upload aria-hidden="true" />
            Choose CSV file
          </label>
          <span className="text-xs text-muted-foreground">No file chosen</span>
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
CsvFileSlot.displayName = 'CsvFileSlot';
