import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { AuditEntry } from '../../../../shared/audit/audit-log.schema.ts';
import type { AuditResourceType } from '../../../../shared/audit/audit.constants.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { actionLabel, ChangeList, whoOf } from './audit-entry-parts.tsx';

const HISTORY_PAGE_SIZE = 20;

function HistoryEntry({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-1 border-b py-2 last:border-b-0">
      <p className="text-sm">
        <span className="font-medium">{actionLabel(entry)}</span> by {whoOf(entry)}
      </p>
      <p className="text-xs text-muted-foreground">{formatIndiaTime(entry.at)}</p>
      <ChangeList entry={entry} />
    </li>
  );
}

type HistoryTarget = { resourceType: AuditResourceType; resourceId: string };

/** One page of a record's history; the last page loaded offers the next. */
function HistoryPage({ target, page, last, onMore }: { target: HistoryTarget; page: number; last: boolean; onMore: () => void }) {
  const history = api.auditHistory.history.useQuery({ ...target, page, pageSize: HISTORY_PAGE_SIZE });
  if (history.isError) return <LoadFailure title="The history could not be loaded" error={history.error} onRetry={() => history.refetch()} />;
  if (!history.data) return <p className="text-sm text-muted-foreground">Loading history…</p>;
  const { entries, total } = history.data;
  if (page === 1 && entries.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded yet</p>;
  return (
    <>
      {entries.map((entry) => (
        <HistoryEntry key={entry.seq} entry={entry} />
      ))}
      {last && page * HISTORY_PAGE_SIZE < total && (
        <li className="pt-2">
          <Button variant="outline" size="sm" onClick={onMore}>
            Load more
          </Button>
        </li>
      )}
    </>
  );
}

/** The pages of a record's history loaded so far: the first, then one more with each "Load more". */
function HistoryEntries(target: HistoryTarget) {
  const [pages, setPages] = useState(1);
  return (
    <ol className="grid" aria-label="History entries">
      {Array.from({ length: pages }, (_, index) => (
        <HistoryPage key={index} target={target} page={index + 1} last={index + 1 === pages} onMore={() => setPages(pages + 1)} />
      ))}
    </ol>
  );
}

/**
 * An editor's History: who changed this record, when and what, newest first, from the audit log.
 * Collapsed until opened, so an editor asks for it only when someone looks.
 */
export function HistoryPanel({ resourceType, resourceId }: { resourceType: AuditResourceType; resourceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="grid gap-2 rounded-lg border bg-card p-4" aria-labelledby={`history-${resourceId}`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`history-${resourceId}`} className="text-base font-semibold">
          History
        </h2>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-label={open ? 'Hide history' : 'Show history'} onClick={() => setOpen(!open)}>
          {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          {open ? 'Hide' : 'Show'}
        </Button>
      </div>
      {open && <HistoryEntries resourceType={resourceType} resourceId={resourceId} />}
    </section>
  );
}
HistoryPanel.displayName = 'HistoryPanel';
