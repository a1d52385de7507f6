import { useId, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, RotateCw } from 'lucide-react';
import {
  DISCRIMINATION_BAND_PERCENT,
  ITEM_FLAG_LABELS,
  MIN_STUDENTS_FOR_DISCRIMINATION,
  optionLetter,
  TOO_EASY_ABOVE,
  TOO_HARD_BELOW,
  type ItemFlag,
} from '../../../../shared/exams/item-analysis.rules.ts';
import type { ItemAnalysisQuestion } from '../../../../shared/exams/item-analysis.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/utils.ts';
import { api } from '../../lib/trpc.ts';

const share = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-IN', { style: 'percent', maximumFractionDigits: 0 });
const seconds = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

const FLAG_VARIANTS: Record<ItemFlag, 'warning' | 'info' | 'destructive'> = {
  'too-easy': 'info',
  'too-hard': 'warning',
  'negative-discrimination': 'destructive',
};

/** A share (0–1) with two decimals, or a dash when there is none. */
export const shareText = (value: number | null) => (value === null ? '—' : share.format(value));

/** The questions the table shows: all, or those with a flag. */
export function shownQuestions(questions: readonly ItemAnalysisQuestion[], flaggedOnly: boolean): ItemAnalysisQuestion[] {
  return flaggedOnly ? questions.filter((question) => question.flags.length > 0) : [...questions];
}

const columns: ColumnDef<ItemAnalysisQuestion, unknown>[] = [
  {
    id: 'question',
    header: 'Question',
    accessorFn: (row) => `${row.number ?? ''} ${row.excerpt}`,
    cell: ({ row }) => (
      <div className="grid min-w-48 max-w-80 gap-0.5">
        <span className="font-semibold">{row.original.number === null ? 'Removed' : `Q${row.original.number}`}</span>
        <span className="line-clamp-2 text-xs text-muted-foreground">{row.original.excerpt || 'No text'}</span>
        {row.original.isVoided && (
          <Badge variant="secondary" className="justify-self-start">
            Voided
          </Badge>
        )}
      </div>
    ),
  },
  { id: 'facility', header: 'Facility', accessorKey: 'facility', cell: ({ row }) => shareText(row.original.facility) },
  { id: 'discrimination', header: 'Discrimination', accessorKey: 'discrimination', cell: ({ row }) => shareText(row.original.discrimination) },
  {
    id: 'options',
    header: 'Options chosen',
    enableColumnFilter: false,
    cell: ({ row }) => (
      <ul className="grid min-w-36 gap-0.5 text-xs">
        {row.original.options.map((option) => (
          <li key={option.index} className={cn('flex items-center gap-1 whitespace-nowrap', option.isCorrect && 'font-semibold text-success')}>
            <span>{optionLetter(option.index)}</span>
            <span>
              {option.count} ({option.share === null ? '—' : percent.format(option.share)})
            </span>
            {option.isCorrect && (
              <>
                <Check className="size-3" aria-hidden="true" />
                <span className="sr-only">correct</span>
              </>
            )}
          </li>
        ))}
      </ul>
    ),
  },
  {
    id: 'unattempted',
    header: 'Unattempted',
    accessorKey: 'unattempted',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.unattempted} ({row.original.unattemptedShare === null ? '—' : percent.format(row.original.unattemptedShare)})
      </span>
    ),
  },
  {
    id: 'time',
    header: 'Avg time',
    accessorKey: 'averageTimeMs',
    cell: ({ row }) => (row.original.averageTimeMs === null ? '—' : `${seconds.format(row.original.averageTimeMs / 1000)} s`),
  },
  {
    id: 'flags',
    header: 'Flags',
    cell: ({ row }) => (
      <div className="flex min-w-28 flex-wrap gap-1">
        {row.original.flags.map((flag) => (
          <Badge key={flag} variant={FLAG_VARIANTS[flag]}>
            {ITEM_FLAG_LABELS[flag]}
          </Badge>
        ))}
        {row.original.openReports > 0 && (
          <Badge variant="outline">
            {row.original.openReports} {row.original.openReports === 1 ? 'report' : 'reports'}
          </Badge>
        )}
      </div>
    ),
  },
];

/**
 * The Analytics tab's item analysis: each question of the current ranking with its facility,
 * discrimination, options chosen, unattempted share, average time and flags, a "Flagged only"
 * filter and the exports. Asked for only once the ranking was synced.
 */
export function ItemAnalysisSection({ examId, synced, enabled }: { examId: string; synced: boolean; enabled: boolean }) {
  const analysis = api.exams.itemAnalysis.useQuery({ id: examId }, { enabled: enabled && synced, retry: false });
  const [flaggedOnly, setFlaggedOnly] = useState(false);
  const filterId = useId();
  const all = analysis.data?.questions;
  const rows = useMemo(() => shownQuestions(all ?? [], flaggedOnly), [all, flaggedOnly]);
  const flagged = all?.filter((question) => question.flags.length > 0).length ?? 0;

  return (
    <section aria-label="Item analysis" className="grid min-w-0 gap-2">
      <h2 className="text-sm font-semibold">Item analysis</h2>
      <p className="text-xs text-muted-foreground">
        Over the ranked students, by the answer key now. Facility: the share who answered correctly (above {TOO_EASY_ABOVE} too easy, below {TOO_HARD_BELOW} too
        hard). Discrimination: the share correct in the top {DISCRIMINATION_BAND_PERCENT}% by score minus that in the bottom {DISCRIMINATION_BAND_PERCENT}%
        (below 0 suggests a wrong key; needs {MIN_STUDENTS_FOR_DISCRIMINATION} students).
      </p>
      {synced && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <Checkbox id={filterId} checked={flaggedOnly} onChange={(event) => setFlaggedOnly(event.target.checked)} />
            <Label htmlFor={filterId}>Flagged only{analysis.data ? ` (${flagged})` : ''}</Label>
          </div>
          <ExportButtons
            path={`/api/admin/exams/${encodeURIComponent(examId)}/item-analysis/export`}
            filters={{}}
            total={all?.length}
            noun="item analysis (every question)"
          />
        </div>
      )}
      {analysis.error && (
        <div className="grid gap-2">
          <ErrorAlert title="Failed to fetch the item analysis" error={analysis.error} />
          <Button variant="outline" className="justify-self-start" onClick={() => void analysis.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      <DataTable
        key={flaggedOnly ? 'flagged' : 'all'}
        label="Item analysis"
        columns={columns}
        data={rows}
        pageSize={20}
        minRows={3}
        filterColumns={['question']}
        isLoading={synced && (!enabled || analysis.isPending) && !analysis.isError}
        emptyMessage={!synced ? 'Sync the ranking to see the item analysis' : flaggedOnly ? 'No question is flagged' : 'No questions'}
        getRowId={(row) => row.resId}
      />
    </section>
  );
}
ItemAnalysisSection.displayName = 'ItemAnalysisSection';
