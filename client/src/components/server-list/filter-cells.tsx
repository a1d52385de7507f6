import { Input } from '../ui/input.tsx';
import { NativeSelect } from '../ui/native-select.tsx';
import { TableHead } from '../ui/table.tsx';

export interface TextFilterCellProps {
  /** The column's heading: the box is named "Filter <column>". */
  column: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  className: string;
}

/** A text filter under a column's heading; the server is asked once typing pauses. */
export function TextFilterCell({ column, value, onChange, maxLength, className }: TextFilterCellProps) {
  return (
    <TableHead>
      <Input
        aria-label={`Filter ${column}`}
        placeholder="Filter"
        className={className}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </TableHead>
  );
}
TextFilterCell.displayName = 'TextFilterCell';

export interface ChoiceFilterCellProps<V extends string> {
  column: string;
  value: V;
  onChange: (value: V) => void;
  /** Each choice's value and label, "All" ('') first. */
  choices: readonly (readonly [V, string])[];
  className: string;
}

/** A choice under a column's heading, e.g. All, Yes, No. */
export function ChoiceFilterCell<V extends string>({ column, value, onChange, choices, className }: ChoiceFilterCellProps<V>) {
  return (
    <TableHead>
      <NativeSelect aria-label={`Filter ${column}`} className={className} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {choices.map(([choice, label]) => (
          <option key={choice} value={choice}>
            {label}
          </option>
        ))}
      </NativeSelect>
    </TableHead>
  );
}
ChoiceFilterCell.displayName = 'ChoiceFilterCell';
