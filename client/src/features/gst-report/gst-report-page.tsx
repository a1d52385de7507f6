import { useState } from 'react';
import { Download } from 'lucide-react';
import type { GstReport } from '../../../../shared/commerce/gst-report.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { currentIndiaMonth, PeriodPicker, quarterOfMonth, type PeriodKind } from './period-picker.tsx';
import { ReportTable, type Column } from './report-table.tsx';

type DocumentRow = GstReport['invoices']['rows'][number];
type CreditNoteRow = GstReport['creditNotes']['rows'][number];
type DocumentTotals = GstReport['invoices']['totals'];
type B2cRow = GstReport['b2c']['rows'][number];
type HsnRow = GstReport['hsn']['rows'][number];
type NetTotals = GstReport['b2c']['totals'];

const documentColumns = <Row extends DocumentRow>(): Column<Row, DocumentTotals>[] => [
  { title: 'Number', cell: (row) => row.number },
  { title: 'Date', cell: (row) => row.date },
  { title: 'Buyer', cell: (row) => row.buyerName },
  { title: 'Buyer GSTIN', cell: (row) => row.buyerGstin },
  { title: 'Place of supply', cell: (row) => `${row.placeOfSupply}${row.stateCode ? ` (${row.stateCode})` : ''}` },
  { title: 'Rate %', cell: (row) => row.gstRate },
  { title: 'Taxable value', cell: (row) => row.taxablePaise, paise: true, total: (t) => t.taxablePaise },
  { title: 'CGST', cell: (row) => row.cgstPaise, paise: true, total: (t) => t.cgstPaise },
  { title: 'SGST', cell: (row) => row.sgstPaise, paise: true, total: (t) => t.sgstPaise },
  { title: 'IGST', cell: (row) => row.igstPaise, paise: true, total: (t) => t.igstPaise },
  { title: 'Round-off', cell: (row) => row.roundOffPaise, paise: true, total: (t) => t.roundOffPaise },
  { title: 'Total', cell: (row) => row.totalPaise, paise: true, total: (t) => t.totalPaise },
];

const netColumns = <Row extends NetTotals>(): Column<Row, NetTotals>[] => [
  { title: 'Invoices', cell: (row) => row.invoices, total: (t) => t.invoices },
  { title: 'Credit notes', cell: (row) => row.creditNotes, total: (t) => t.creditNotes },
  { title: 'Taxable value', cell: (row) => row.taxablePaise, paise: true, total: (t) => t.taxablePaise },
  { title: 'CGST', cell: (row) => row.cgstPaise, paise: true, total: (t) => t.cgstPaise },
  { title: 'SGST', cell: (row) => row.sgstPaise, paise: true, total: (t) => t.sgstPaise },
  { title: 'IGST', cell: (row) => row.igstPaise, paise: true, total: (t) => t.igstPaise },
  { title: 'Total', cell: (row) => row.totalPaise, paise: true, total: (t) => t.totalPaise },
];

const creditNoteColumns: Column<CreditNoteRow, DocumentTotals>[] = [
  ...documentColumns<CreditNoteRow>().slice(0, 2),
  { title: 'Credits invoice', cell: (row) => `${row.invoiceNumber} (${row.invoiceDate})` },
  ...documentColumns<CreditNoteRow>().slice(2),
];
const b2cColumns: Column<B2cRow, NetTotals>[] = [
  { title: 'Place of supply', cell: (row) => `${row.placeOfSupply}${row.stateCode ? ` (${row.stateCode})` : ''}` },
  { title: 'Rate %', cell: (row) => row.gstRate },
  ...netColumns<B2cRow>(),
];
const hsnColumns: Column<HsnRow, NetTotals>[] = [
  { title: 'SAC', cell: (row) => row.sac },
  { title: 'Description', cell: (row) => row.description },
  { title: 'Rate %', cell: (row) => row.gstRate },
  ...netColumns<HsnRow>(),
];

/** /admin/reports/gst: the GST return report of a month or a quarter, with its CSV and XLSX. */
export function GstReportPage() {
  useDocumentTitle('GST Report');
  const [kind, setKind] = useState<PeriodKind>('month');
  const [month, setMonth] = useState(currentIndiaMonth);
  const [quarter, setQuarter] = useState(() => quarterOfMonth(currentIndiaMonth()));
  const period = kind === 'month' ? month : quarter;
  const report = api.gstReport.report.useQuery({ period }, { enabled: period !== '' });
  const csv = (part: string) => `/api/admin/reports/gst.csv?${new URLSearchParams({ period, part }).toString()}`;
  const data = report.data;

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">GST Report</h1>
          <p className="text-sm text-muted-foreground">
            Invoices and credit notes issued in a month or a quarter (India time), and the GSTR-1 B2C and HSN/SAC summaries: the invoices less the credit notes
            of the period.
          </p>
        </div>
        <Button asChild variant="outline">
          <a href={`/api/admin/reports/gst.xlsx?${new URLSearchParams({ period }).toString()}`} download>
            <Download aria-hidden="true" />
            Download XLSX
          </a>
        </Button>
      </div>
      <PeriodPicker kind={kind} month={month} quarter={quarter} onKind={setKind} onMonth={setMonth} onQuarter={setQuarter} />
      {report.error ? (
        <LoadFailure title="The report could not be made" error={report.error} onRetry={() => report.refetch()} />
      ) : !data ? (
        <p className="text-sm text-muted-foreground">{period === '' ? 'Choose a month.' : 'Loading the report…'}</p>
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {data.period.label}: {data.period.firstDay} to {data.period.lastDay}
          </p>
          <ReportTable
            title="Invoices"
            columns={documentColumns<DocumentRow>()}
            rows={data.invoices.rows}
            totalsLabel={`Total (${data.invoices.totals.count})`}
            totals={data.invoices.totals}
            csvHref={csv('invoices')}
          />
          <ReportTable
            title="Credit notes"
            columns={creditNoteColumns}
            rows={data.creditNotes.rows}
            totalsLabel={`Total (${data.creditNotes.totals.count})`}
            totals={data.creditNotes.totals}
            csvHref={csv('credit-notes')}
          />
          <ReportTable
            title="B2C by place of supply"
            columns={b2cColumns}
            rows={data.b2c.rows}
            totalsLabel="Total"
            totals={data.b2c.totals}
            csvHref={csv('b2c')}
          />
          <ReportTable title="HSN/SAC summary" columns={hsnColumns} rows={data.hsn.rows} totalsLabel="Total" totals={data.hsn.totals} csvHref={csv('hsn')} />
        </>
      )}
    </div>
  );
}
