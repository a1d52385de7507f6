import { useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { AuditEntry } from '../../../../shared/audit/audit-log.schema.ts';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from '../../../../shared/audit/audit.constants.ts';
import { consoleRoleLabels } from '../../../../shared/auth/roles.ts';
import { Button } from '../../components/ui/button.tsx';

/** A value as a field held it: text as is, nothing as "(empty)", a list or object as its JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return JSON.stringify(value);
}

/** "Anitha (Administrator)": the name and roles an entry kept from the time of the change. */
export function whoOf(entry: AuditEntry): string {
  const roles = consoleRoleLabels(entry.actor.roles);
  return roles.length > 0 ? `${entry.actor.name} (${roles.join(', ')})` : entry.actor.name;
}

export const actionLabel = (entry: AuditEntry) => AUDIT_ACTION_LABELS[entry.action];
export const resourceLabel = (entry: AuditEntry) => AUDIT_RESOURCE_LABELS[entry.resourceType];

/** The fields an entry changed, old → new, one a line; a secret shows only that it changed. */
export function ChangeList({ entry }: { entry: AuditEntry }) {
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <p className="text-xs text-muted-foreground">No field changes recorded</p>;
  return (
    <ul className="grid gap-1 text-xs" aria-label={`Changes of entry ${entry.seq}`}>
      {fields.map(([field, change]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{field}</span>:{' '}
          {'hidden' in change ? (
            <span className="text-muted-foreground">changed (hidden)</span>
          ) : (
            <>
              <span className="text-muted-foreground line-through decoration-1">{shownValue(change.from)}</span> → <span>{shownValue(change.to)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
ChangeList.displayName = 'ChangeList';

/** "3 fields changed", opening the list of them. */
export function ExpandableChanges({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const count = Object.keys(entry.changes).length;
  if (count === 0) return <span className="text-xs text-muted-foreground">—</span>;
  return (
    <div className="grid gap-1">
      <Button variant="ghost" size="sm" className="h-auto justify-start px-1 py-0.5 text-xs" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        {count === 1 ? '1 field changed' : `${count} fields changed`}
      </Button>
      {open && <ChangeList entry={entry} />}
    </div>
  );
}
ExpandableChanges.displayName = 'ExpandableChanges';
