import { rupeesText } from '../../../../shared/commerce/gst-report.rules.ts';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';

export interface Column<Row, Totals> {
  title: string;
  /** Text, or an amount in paise (shown in rupees with 2 decimals, right-aligned). */
  cell: (row: Row) => string | number | null;
  paise?: boolean;
  /** What the totals row shows under it, if anything. */
  total?: (totals: Totals) => number;
}

/** One part of the GST report: its rows and its totals row (the server's sums). */
export function ReportTable<Row, Totals>(props: {
  title: string;
  columns: Column<Row, Totals>[];
  rows: Row[];
  totalsLabel: string;
  totals: Totals;
  csvHref: string;
}) {
  const show = (value: string | number | null, paise?: boolean) => (value === null ? '—' : paise ? rupeesText(Number(value)) : String(value));
  return (
    <section className="grid gap-2" aria-label={props.title}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{props.title}</h2>
        <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href={props.csvHref} download>
          Download CSV
        </a>
      </div>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              {props.columns.map((column) => (
                <TableHead key={column.title} className={column.paise ? 'text-right' : undefined}>
                  {column.title}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {props.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={props.columns.length} className="text-muted-foreground">
                  None in this period
                </TableCell>
              </TableRow>
            ) : (
              props.rows.map((row, index) => (
                <TableRow key={index}>
                  {props.columns.map((column) => (
                    <TableCell key={column.title} className={column.paise ? 'text-right tabular-nums' : undefined}>
                      {show(column.cell(row), column.paise)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
          <TableFooter>
            <TableRow data-testid={`${props.title} totals`}>
              {props.columns.map((column, index) => {
                const value = index === 0 ? props.totalsLabel : (column.total?.(props.totals) ?? null);
                return (
                  <TableCell key={column.title} className={column.paise ? 'text-right font-semibold tabular-nums' : 'font-semibold'}>
                    {value === null ? '' : column.paise && index > 0 ? rupeesText(Number(value)) : String(value)}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableFooter>
        </Table>
      </div>
    </section>
  );
}
