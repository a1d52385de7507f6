import { RotateCw, Trash2 } from 'lucide-react';
import type { QueueItem } from '../../../../shared/assets/assets.schema.ts';
import { QUEUE_USUAL_SORT, type QueueSortColumn } from '../../../../shared/queue/queue-list.schema.ts';
import type { SortParam } from '../../../../shared/validation/sorting.ts';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { ProcessStatus } from '../../components/files/process-status.tsx';
import { isWorkingState, processPercent } from '../../components/files/asset-status.rules.ts';
import { ServerPager } from '../../components/server-pager.tsx';
import { TableStateRows } from '../../components/table-state-rows.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Table, TableBody, TableCell, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { QueueFileCell } from './queue-file-cell.tsx';
import { PriorityBadge, QueuePriorityCell } from './queue-priority-cell.tsx';
import type { RaiseTarget } from '../../../../shared/queue/priority-class.rules.ts';

const COLUMNS: ReadonlyArray<SortableHeading<QueueSortColumn>> = [
  { label: '#' },
  { label: 'File ID' },
  { label: 'Type', column: 'type' },
  { label: 'Status', column: 'state' },
  { label: 'Priority' },
  { label: 'Progress' },
  { label: 'Last Updated On', column: 'updatedAt' },
  { label: 'Created On', column: 'createdAt' },
];

function DateTimeCell({ iso }: { iso: string }) {
  const [date, time] = formatDateAndTime(iso);
  return (
    <time dateTime={iso} className="grid whitespace-nowrap text-xs">
      <span>{date}</span>
      <span className="text-muted-foreground">{time}</span>
    </time>
  );
}

function typeLabel(type: QueueItem['type']): string {
  return type === 'pdf' ? 'Pdf' : 'Video';
}

export interface QueueTableProps {
  items: readonly QueueItem[];
  isPending: boolean;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  sort: SortParam<QueueSortColumn> | undefined;
  onSort: (sort: SortParam<QueueSortColumn>) => void;
  emptyText: string;
  /** Administrators and managers: the Action column. */
  actions?: { onQueueAgain: (item: QueueItem) => void; onDelete: (item: QueueItem) => void; deleting: string | null } | undefined;
  /** Administrators: raising a waiting item's priority (`raising` is the file being raised). */
  raise?: { onRaise: (item: QueueItem, to: RaiseTarget) => void; raising: string | null } | undefined;
}

/** The queue's table: one page as the server sent it, numbered from the page's place in the whole view. */
export function QueueTable({ items, isPending, page, pageSize, total, onPage, sort, onSort, emptyText, actions, raise }: QueueTableProps) {
  const headings = actions ? [...COLUMNS, { label: 'Action' }] : COLUMNS;
  const colSpan = headings.length;
  return (
    <div className="overflow-hidden rounded-lg border bg-card shadow-sm">
      <Table aria-label="Queue" aria-busy={isPending || undefined}>
        <TableHeader>
          <SortableHeadingsRow headings={headings} sort={sort ?? QUEUE_USUAL_SORT} onSort={onSort} />
        </TableHeader>
        <TableBody>
          <TableStateRows colSpan={colSpan} isPending={isPending} count={items.length} loadingLabel="Loading the queue" emptyText={emptyText}>
            {items.map((item, index) => {
              const percent = processPercent(item.state, item.processProgress);
              return (
                <TableRow key={item._id}>
                  <TableCell className="tabular-nums text-muted-foreground">{(page - 1) * pageSize + index + 1}</TableCell>
                  <TableCell>
                    <QueueFileCell item={item} />
                    {/* On a phone the Priority column is scrolled out of sight: the class shows under the file too. */}
                    <PriorityBadge item={item} className="mt-1 md:hidden" />
                  </TableCell>
                  <TableCell>{typeLabel(item.type)}</TableCell>
                  <TableCell>
                    <ProcessStatus
                      state={item.state}
                      progress={item.processProgress}
                      failureReason={item.failureReason}
                      showProgress={false}
                      className="min-w-36 max-w-56"
                    />
                  </TableCell>
                  <TableCell>
                    <QueuePriorityCell item={item} onRaise={raise?.onRaise} raising={raise?.raising === item.fileId} />
                  </TableCell>
                  <TableCell>
                    <div className="grid w-24 gap-1">
                      <span className="text-xs font-medium tabular-nums">{percent}%</span>
                      <Progress value={percent} aria-label={`Progress of ${item.title}`} className="h-1.5" />
                    </div>
                  </TableCell>
                  <TableCell>
                    <DateTimeCell iso={item.lastStateUpdatedOn} />
                  </TableCell>
                  <TableCell>
                    <DateTimeCell iso={item.createdAt} />
                  </TableCell>
                  {actions && (
                    <TableCell>
                      <div className="flex items-center gap-1">
                        {item.state === 'failed' && (
                          <Button variant="outline" size="sm" onClick={() => actions.onQueueAgain(item)}>
                            <RotateCw aria-hidden="true" />
                            Queue again
                          </Button>
                        )}
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Delete ${item.title} from the queue`}
                          title={isWorkingState(item.state) ? 'Being processed: stop the queue and wait until it is done' : 'Delete from queue'}
                          disabled={isWorkingState(item.state) || actions.deleting !== null}
                          onClick={() => actions.onDelete(item)}
                          className="text-destructive hover:text-destructive"
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableStateRows>
        </TableBody>
      </Table>
      <ServerPager page={page} pageSize={pageSize} total={total} noun="items" onPage={onPage} />
    </div>
  );
}
QueueTable.displayName = 'QueueTable';
