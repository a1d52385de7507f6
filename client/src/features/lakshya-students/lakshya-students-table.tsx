import type { SortParam } from '../../../../shared/validation/sorting.ts';
import type { LakshyaStudent, LakshyaStudentSortColumn } from '../../../../shared/lakshya-students/lakshya-students.schema.ts';
import { ChoiceFilterCell, TextFilterCell } from '../../components/server-list/filter-cells.tsx';
import { SortableHeadingsRow, type SortableHeading } from '../../components/server-list/sortable-headings-row.tsx';
import type { SetListFilter } from '../../components/server-list/use-server-list.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { TableCell, TableHead, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';

// A type, not an interface: the list's filters are a record of texts.
export type LakshyaStudentFilters = { name: string; phoneNumber: string; registered: '' | 'yes' | 'no' };

const REGISTRATION_CHOICES = [
  ['', 'All'],
  ['yes', 'Yes'],
  ['no', 'Not Registered'],
] as const;

/** The columns after the selection column; all but Registration sort the list. */
const HEADINGS: ReadonlyArray<SortableHeading<LakshyaStudentSortColumn>> = [
  { label: 'Name', column: 'name' },
  { label: 'Registration' },
  { label: 'Phone Number', column: 'phoneNumber' },
  { label: 'Expiry Date', column: 'expiryDate' },
  { label: 'Added On', column: 'createdAt' },
];
export const LAKSHYA_STUDENT_COLUMN_COUNT = HEADINGS.length + 1;

export interface LakshyaStudentsHeadProps {
  filters: LakshyaStudentFilters;
  setFilter: SetListFilter<LakshyaStudentFilters>;
  sort: SortParam<LakshyaStudentSortColumn>;
  onSort: (sort: SortParam<LakshyaStudentSortColumn>) => void;
}

/** The headings (choosing one sorts by it), and under them a filter for each column the server filters by. */
export function LakshyaStudentsHead({ filters, setFilter, sort, onSort }: LakshyaStudentsHeadProps) {
  return (
    <>
      <SortableHeadingsRow
        headings={HEADINGS}
        sort={sort}
        onSort={onSort}
        leading={
          <TableHead className="w-10">
            <span className="sr-only">Selected</span>
          </TableHead>
        }
      />
      <TableRow>
        <TableHead />
        <TextFilterCell column="Name" className="h-8" maxLength={200} value={filters.name} onChange={(value) => setFilter('name', value)} />
        <ChoiceFilterCell
          column="Registration"
          className="h-8"
          choices={REGISTRATION_CHOICES}
          value={filters.registered}
          onChange={(value) => setFilter('registered', value)}
        />
        <TextFilterCell
          column="Phone Number"
          className="h-8"
          maxLength={40}
          value={filters.phoneNumber}
          onChange={(value) => setFilter('phoneNumber', value)}
        />
        <TableHead />
        <TableHead />
      </TableRow>
    </>
  );
}
LakshyaStudentsHead.displayName = 'LakshyaStudentsHead';

export interface LakshyaStudentRowProps {
  student: LakshyaStudent;
  selected: boolean;
  onSelect: (checked: boolean) => void;
  onOpen: () => void;
}

/** One student: ticked for deleting, the name opens the student for editing. */
export function LakshyaStudentRow({ student, selected, onSelect, onOpen }: LakshyaStudentRowProps) {
  return (
    <TableRow>
      <TableCell>
        <Checkbox aria-label={`Select ${student.name}`} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
      </TableCell>
      <TableCell>
        <button type="button" className="font-medium text-primary hover:underline" onClick={onOpen}>
          {student.name}
        </button>
      </TableCell>
      <TableCell>{student.user ? 'Yes' : <span className="text-muted-foreground">Not Registered</span>}</TableCell>
      <TableCell className="font-mono">{student.phoneNumber}</TableCell>
      <TableCell>{student.expiryDate ?? <span className="text-muted-foreground">Not Specified</span>}</TableCell>
      <TableCell className="whitespace-nowrap">{formatDateAndTime(student.createdAt)[0]}</TableCell>
    </TableRow>
  );
}
LakshyaStudentRow.displayName = 'LakshyaStudentRow';
