import { Badge } from '../../components/ui/badge.tsx';
import { Input } from '../../components/ui/input.tsx';
import { TableCell } from '../../components/ui/table.tsx';

/** A lecture's or an exam's title in a course's tables, marked when students cannot see it yet. */
export function TitleCell({ title, isPublished }: { title: string; isPublished: boolean }) {
  return (
    <TableCell>
      <span className="font-medium">{title}</span>
      {!isPublished && (
        <Badge variant="destructive" className="ml-2">
          Unpublished
        </Badge>
      )}
    </TableCell>
  );
}
TitleCell.displayName = 'TitleCell';

/** The course days a lecture or an exam is on, typed as "1, 3". */
export function DaysCell({ title, placeholder, value, onChange }: { title: string; placeholder: string; value: string; onChange: (days: string) => void }) {
  return (
    <TableCell>
      <Input aria-label={`Days of ${title}`} className="h-8 w-32" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </TableCell>
  );
}
DaysCell.displayName = 'DaysCell';
