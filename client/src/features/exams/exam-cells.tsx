import type { ColumnDef } from '@tanstack/react-table';
import type { ExamListEntry } from '../../../../shared/exams/exams.schema.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { examStatus, TEMPLATE_LABELS } from './exam-labels.ts';

/** Published, the publish message in warning colour, or Unpublished (the same rule as the editor). */
export function ExamStatusBadge({ exam }: { exam: Pick<ExamListEntry, 'isPublished' | 'hasPublishMessage' | 'publishMessage'> }) {
  const status = examStatus(exam);
  return (
    <Badge variant={status.variant} className="whitespace-normal">
      {status.text}
    </Badge>
  );
}
ExamStatusBadge.displayName = 'ExamStatusBadge';

export function examStatusText(exam: Pick<ExamListEntry, 'isPublished' | 'hasPublishMessage' | 'publishMessage'>): string {
  return examStatus(exam).text;
}

export function CreatedCell({ iso }: { iso: string }) {
  const [date, time] = formatDateAndTime(iso);
  return (
    <span className="grid whitespace-nowrap">
      <span>{date}</span>
      <span className="text-xs text-muted-foreground">{time}</span>
    </span>
  );
}
CreatedCell.displayName = 'CreatedCell';

export function templateLabelOf(exam: Pick<ExamListEntry, 'templateId'>): string {
  return TEMPLATE_LABELS[exam.templateId];
}

/** The columns every exam list shows after its title: status, when it was created, its template. */
export function examListColumns(createdHeader: string): ColumnDef<ExamListEntry, unknown>[] {
  return [
    { id: 'status', header: 'Status', accessorFn: examStatusText, cell: ({ row }) => <ExamStatusBadge exam={row.original} /> },
    { id: 'createdAt', header: createdHeader, accessorKey: 'createdAt', cell: ({ row }) => <CreatedCell iso={row.original.createdAt} /> },
    { id: 'templateId', header: 'Template Type', accessorFn: templateLabelOf },
  ];
}
