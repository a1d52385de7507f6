import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight, RotateCw } from 'lucide-react';
import { SCREENS } from '../../../../shared/auth/roles.ts';
import { invoiceAmount } from '../../../../shared/commerce/invoice.rules.ts';
import type { Dashboard, SalesFigures } from '../../../../shared/dashboard/dashboard.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { SalesChart } from './sales-chart.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function SalesCard({ title, figures }: { title: string; figures: SalesFigures }) {
  const rows: Array<[string, number]> = [
    ['Gross', figures.grossPaise],
    ['Tax', figures.taxPaise],
    ['Refunds', figures.refundsPaise],
  ];
  return (
    <Card role="group" aria-label={`Sales ${title}`} className="grid gap-2 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="text-xs text-muted-foreground">
          {figures.orders} {figures.orders === 1 ? 'order' : 'orders'}
        </span>
      </div>
      <p className="text-2xl font-semibold tabular-nums" aria-label={`Net ${invoiceAmount(figures.netPaise)}`}>
        {invoiceAmount(figures.netPaise)}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {rows.map(([label, paise]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right tabular-nums">{invoiceAmount(paise)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card role="group" aria-label={label} className="grid gap-1 p-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold tabular-nums">{value.toLocaleString('en-IN')}</span>
    </Card>
  );
}

const WAITING: Array<{ key: keyof Dashboard['waiting']; label: string; href: string }> = [
  { key: 'failedMedia', label: 'Failed media items', href: SCREENS.processQueue.path },
  { key: 'unansweredComments', label: 'Comments without a staff reply', href: SCREENS.discussions.path },
  { key: 'ordersNeedingAttention', label: 'Order and payment alerts unread', href: SCREENS.notifications.path },
];

function WaitingWork({ waiting }: { waiting: Dashboard['waiting'] }) {
  const items = WAITING.filter((item) => waiting[item.key] !== undefined);
  if (items.length === 0) return <p className="text-sm text-muted-foreground">Nothing here for your role.</p>;
  return (
    <ul className="grid gap-2 sm:grid-cols-3">
      {items.map(({ key, label, href }) => {
        const count = waiting[key] ?? 0;
        return (
          <li key={key}>
            <Link
              href={href}
              className="flex items-center justify-between gap-3 rounded-lg border bg-card p-4 shadow-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="grid">
                <span className={cn('text-2xl font-semibold tabular-nums', count > 0 && 'text-destructive')}>{count.toLocaleString('en-IN')}</span>
                <span className="text-sm text-muted-foreground">{label}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** /admin/dashboard (Home): the day's sales and students (for the roles that see sales) and the work waiting. */
export function DashboardPage() {
  useDocumentTitle('Home');
  const query = api.dashboard.get.useQuery(undefined, { refetchOnWindowFocus: true });
  const data = query.data;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Home</h1>
          {data && <p className="text-sm text-muted-foreground">Days in India time; today is {data.today}.</p>}
        </div>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCw aria-hidden="true" className={cn(query.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>
      {query.isError && <LoadFailure title="The dashboard could not be loaded" error={query.error} onRetry={() => query.refetch()} />}
      {query.isPending && <LoadingPanel label="Loading the dashboard" className="min-h-64" />}
      {data?.sales && (
        <Section title="Sales">
          <div className="grid gap-3 sm:grid-cols-3">
            <SalesCard title="Today" figures={data.sales.today} />
            <SalesCard title="Last 7 days" figures={data.sales.last7Days} />
            <SalesCard title="Last 30 days" figures={data.sales.last30Days} />
          </div>
          <Card className="p-4">
            <SalesChart days={data.sales.daily} />
          </Card>
        </Section>
      )}
      {data?.students && (
        <Section title="Students">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure label="New today" value={data.students.newToday} />
            <Figure label="New in 7 days" value={data.students.new7Days} />
            <Figure label="New in 30 days" value={data.students.new30Days} />
            <Figure label="Active in 7 days" value={data.students.active7Days} />
          </div>
        </Section>
      )}
      {data && (
        <Section title="Waiting work">
          <WaitingWork waiting={data.waiting} />
        </Section>
      )}
    </div>
  );
}
DashboardPage.displayName = 'DashboardPage';
