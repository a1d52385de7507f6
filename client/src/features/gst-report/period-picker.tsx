import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';

export type PeriodKind = 'month' | 'quarter';

/** The month it is now in India: "2026-11". */
export function currentIndiaMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).slice(0, 7);
}

/** The quarter of the financial year a month falls in: "2026-11" → "2026-27 Q3". */
export function quarterOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const startYear = monthNumber >= 4 ? year : year - 1;
  const quarter = Math.floor(((monthNumber + 8) % 12) / 3) + 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')} Q${quarter}`;
}

/** Month or quarter; a month as the browser's month field, a quarter as a financial year and Q1 to Q4. */
export function PeriodPicker(props: {
  kind: PeriodKind;
  month: string;
  quarter: string;
  onKind: (kind: PeriodKind) => void;
  onMonth: (month: string) => void;
  onQuarter: (quarter: string) => void;
}) {
  const [year = '', q = 'Q1'] = props.quarter.split(' ');
  const startYear = Number(year.slice(0, 4)) || 2026;
  const years = Array.from({ length: 6 }, (_, i) => startYear + 2 - i).map((y) => `${y}-${String((y + 1) % 100).padStart(2, '0')}`);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect aria-label="Period" className="w-auto" value={props.kind} onChange={(event) => props.onKind(event.target.value as PeriodKind)}>
        <option value="month">Month</option>
        <option value="quarter">Quarter</option>
      </NativeSelect>
      {props.kind === 'month' ? (
        <Input type="month" aria-label="Month" className="w-44" value={props.month} onChange={(event) => props.onMonth(event.target.value)} />
      ) : (
        <>
          <NativeSelect aria-label="Financial year" className="w-auto" value={year} onChange={(event) => props.onQuarter(`${event.target.value} ${q}`)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </NativeSelect>
          <NativeSelect aria-label="Quarter" className="w-auto" value={q} onChange={(event) => props.onQuarter(`${year} ${event.target.value}`)}>
            <option value="Q1">Q1 (Apr–Jun)</option>
            <option value="Q2">Q2 (Jul–Sep)</option>
            <option value="Q3">Q3 (Oct–Dec)</option>
            <option value="Q4">Q4 (Jan–Mar)</option>
          </NativeSelect>
        </>
      )}
    </div>
  );
}
