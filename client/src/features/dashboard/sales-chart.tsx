import type { DailySales } from '../../../../shared/dashboard/dashboard.schema.ts';
import { invoiceAmount } from '../../../../shared/commerce/invoice.rules.ts';

/** "25 Nov" for a YYYY-MM-DD day. */
function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** What students paid each day, one bar a day (oldest left); each bar names its day and amount. */
export function SalesChart({ days }: { days: readonly DailySales[] }) {
  const highest = Math.max(1, ...days.map((day) => day.netPaise));
  return (
    <figure className="grid gap-2">
      <ol aria-label="Daily sales" className="flex h-44 items-end gap-px sm:gap-1">
        {days.map((day) => {
          const label = `${shortDay(day.day)}: ${invoiceAmount(day.netPaise)}, ${day.orders} ${day.orders === 1 ? 'order' : 'orders'}`;
          return (
            <li key={day.day} title={label} aria-label={label} className="flex h-full min-w-0 flex-1 items-end">
              <span
                className="block w-full rounded-t-sm bg-primary/80"
                style={{ height: `${Math.max(day.netPaise > 0 ? 2 : 0, (day.netPaise / highest) * 100)}%` }}
              />
            </li>
          );
        })}
      </ol>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{days[0] ? shortDay(days[0].day) : ''}</span>
        <span>Net sales per day, India time</span>
        <span>{days.at(-1) ? shortDay(days.at(-1)!.day) : ''}</span>
      </figcaption>
    </figure>
  );
}
