import { useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { downloadExport, exportUrl, saveFile, type ExportFormat, type ExportProgress } from '../lib/download-export.ts';
import { errorMessage } from '../lib/errors.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Button } from './ui/button.tsx';
import { Progress } from './ui/progress.tsx';

export interface ExportButtonsProps {
  /** The list's export path without its extension, e.g. /api/admin/orders/export. */
  path: string;
  /** The list's filters as the server reads them (empty ones are left out). */
  filters: Record<string, string | undefined>;
  /** How many rows the filters show (the list's total), for the progress of a CSV. */
  total?: number | undefined;
  /** What is exported, for the buttons' names: "orders". */
  noun: string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function progressText({ bytes, rows }: ExportProgress, total: number | undefined): string {
  if (rows === null) return `${megabytes(bytes)} received`;
  return `${rows.toLocaleString('en-IN')}${total === undefined ? '' : ` of ${total.toLocaleString('en-IN')}`} rows received (${megabytes(bytes)})`;
}

/**
 * A list's "Export CSV" and "Export XLSX": every row its filters show (all pages), streamed from
 * the server with the progress read as it arrives, then saved; a failure says why.
 */
export function ExportButtons({ path, filters, total, noun }: ExportButtonsProps) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

  async function start(format: ExportFormat) {
    const controller = new AbortController();
    stop.current = controller;
    setFailure(null);
    setProgress({ bytes: 0, rows: format === 'csv' ? 0 : null });
    try {
      const { name, file } = await downloadExport(exportUrl(path, format, filters), format, setProgress, controller.signal);
      saveFile(name, file);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(errorMessage(error));
    } finally {
      stop.current = null;
      setProgress(null);
    }
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            size="sm"
            disabled={progress !== null}
            aria-label={`Export the ${noun} shown as ${format.toUpperCase()}`}
            onClick={() => void start(format)}
          >
            <Download aria-hidden="true" />
            Export {format.toUpperCase()}
          </Button>
        ))}
        {progress && (
          <Button variant="ghost" size="sm" onClick={() => stop.current?.abort()}>
            Cancel export
          </Button>
        )}
      </div>
      {progress && (
        <div className="grid gap-1" aria-live="polite">
          <span className="text-xs text-muted-foreground">Exporting: {progressText(progress, total)}</span>
          {progress.rows !== null && total !== undefined && total > 0 && (
            <Progress value={(progress.rows / total) * 100} aria-label={`Export of the ${noun}`} className="max-w-xs" />
          )}
        </div>
      )}
      {failure && <ErrorAlert title="Export failed" message={failure} />}
    </div>
  );
}
