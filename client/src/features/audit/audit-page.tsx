import {
  AUDIT_COUNT_LIMIT,
  AUDIT_PAGE_SIZE,
  AUDIT_SORT_COLUMNS,
  AUDIT_USUAL_SORT,
  type AuditEntry,
  type AuditSortColumn,
} from '../../../../shared/audit/audit-log.schema.ts';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_RESOURCE_LABELS, AUDIT_RESOURCE_TYPES } from '../../../../shared/audit/audit.constants.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ServerListTable } from '../../components/server-list/server-list-table.tsx';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import { presentFilters, SERVER_LIST_QUERY_OPTIONS, useServerListState } from '../../components/server-list/use-server-list.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { TableCell, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { actionLabel, ExpandableChanges, resourceLabel, whoOf } from './audit-entry-parts.tsx';

// A type, not an interface: the list's filters are a record of texts.
type AuditFilters = { actorId: string; resourceType: string; action: string; resourceId: string; from: string; to: string };
/** When sorts the log (newest first unless chosen again). */
const HEADINGS: ReadonlyArray<SortableHeading<AuditSortColumn>> = [
  { label: 'When', column: 'at' },
  { label: 'Who' },
  { label: 'Action' },
  { label: 'Resource' },
  { label: 'Changes' },
];

function EntryRow({ entry }: { entry: AuditEntry }) {
  const [date, time] = formatDateAndTime(entry.at);
  return (
    <TableRow className="align-top">
      <TableCell className="whitespace-nowrap">
        <span className="block">{date}</span>
        <span className="block text-xs text-muted-foreground">{time}</span>
      </TableCell>
      <TableCell>{whoOf(entry)}</TableCell>
      <TableCell>{actionLabel(entry)}</TableCell>
      <TableCell className="min-w-40">
        <span className="block text-xs text-muted-foreground">{resourceLabel(entry)}</span>
        <span className="block break-words">{entry.resourceTitle ?? entry.resourceId ?? '—'}</span>
      </TableCell>
      <TableCell className="min-w-48">
        <ExpandableChanges entry={entry} />
      </TableCell>
    </TableRow>
  );
}

/** A day filter: an India day, both ends included. */
function DayInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = `audit-${label.toLowerCase()}`;
  return (
    <div className="col-span-2 flex min-w-0 items-center gap-2 sm:col-span-1">
      <Label htmlFor={id} className="w-10 shrink-0 text-sm text-muted-foreground sm:w-auto">
        {label}
      </Label>
      <Input id={id} type="date" className="min-w-0 flex-1 sm:w-auto sm:flex-none" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** /admin/audit: every change staff made, newest first, a page at a time from the server, filtered by person, resource, action and days. */
export function AuditPage() {
  useDocumentTitle('Audit Log');
  const { filters, setFilter, settled, page, setPage, sort, setSort } = useServerListState({
    initialFilters: { actorId: '', resourceType: '', action: '', resourceId: '', from: '', to: '' } as AuditFilters,
    typed: ['resourceId'],
    sort: { columns: AUDIT_SORT_COLUMNS, usual: AUDIT_USUAL_SORT },
  });
  const people = api.audit.people.useQuery();
  const shown = { ...(presentFilters(settled) as Record<string, string | undefined>), sort };
  const input = { page, pageSize: AUDIT_PAGE_SIZE, ...shown };
  const list = api.audit.list.useQuery(input as never, SERVER_LIST_QUERY_OPTIONS);
  const entries = list.data?.entries ?? [];

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">Audit Log</h1>
        <p className="text-sm text-muted-foreground">
          Every change staff made, newest first (choose When for the oldest first): who, when (India time), what and the fields changed. Entries cannot be
          edited; <code>npm run audit:verify</code> checks that none was.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <NativeSelect
          aria-label="Person"
          className="col-span-2 sm:w-auto"
          value={filters.actorId}
          onChange={(event) => setFilter('actorId', event.target.value)}
        >
          <option value="">Everyone</option>
          {(people.data?.people ?? []).map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Resource type"
          className="min-w-0 sm:w-auto"
          value={filters.resourceType}
          onChange={(event) => setFilter('resourceType', event.target.value)}
        >
          <option value="">Every resource</option>
          {AUDIT_RESOURCE_TYPES.map((type) => (
            <option key={type} value={type}>
              {AUDIT_RESOURCE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Action" className="min-w-0 sm:w-auto" value={filters.action} onChange={(event) => setFilter('action', event.target.value)}>
          <option value="">Every action</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </NativeSelect>
        <Input
          aria-label="Resource id"
          placeholder="Resource id"
          className="col-span-2 sm:max-w-xs"
          maxLength={100}
          value={filters.resourceId}
          onChange={(event) => setFilter('resourceId', event.target.value)}
        />
        <DayInput label="From" value={filters.from} onChange={(value) => setFilter('from', value)} />
        <DayInput label="To" value={filters.to} onChange={(value) => setFilter('to', value)} />
      </div>
      <ExportButtons path="/api/admin/audit/export" filters={shown} total={list.data?.totalIsAtLeast ? undefined : list.data?.total} noun="audit log entries" />
      {list.data?.totalIsAtLeast && (
        <p className="text-sm text-muted-foreground">
          More than {AUDIT_COUNT_LIMIT.toLocaleString('en-IN')} entries match: narrow the filters to page through them all.
        </p>
      )}
      <ServerListTable
        label="Audit log entries"
        head={<SortableHeadingsRow headings={HEADINGS} sort={sort ?? AUDIT_USUAL_SORT} onSort={setSort} />}
        colSpan={HEADINGS.length}
        query={list}
        count={entries.length}
        loadingLabel="Loading audit log entries"
        emptyText="No audit log entries match"
        pager={{ page, pageSize: AUDIT_PAGE_SIZE, total: list.data?.total ?? 0, noun: 'entries', onPage: setPage }}
        className="min-w-0 overflow-hidden"
      >
        {entries.map((entry) => (
          <EntryRow key={entry.seq} entry={entry} />
        ))}
      </ServerListTable>
    </div>
  );
}
AuditPage.displayName = 'AuditPage';
