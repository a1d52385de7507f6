import { canSeeScreen, canSeeSales } from '../../shared/auth/roles.ts';
import { DASHBOARD_DAYS, type Dashboard, type SalesFigures } from '../../shared/dashboard/dashboard.schema.ts';
import { requireScreen } from '../access/access.ts';
import type { AppContext, RequestContext } from '../context.ts';
import { countUnansweredStudentComments } from '../comments/comments.repository.ts';
import * as repo from './dashboard.repository.ts';
import { indiaDay, indiaDayStart, lastIndiaDays } from './india-days.ts';

const NO_SALES: SalesFigures = { orders: 0, grossPaise: 0, taxPaise: 0, netPaise: 0, refundsPaise: 0 };

function sum(days: readonly SalesFigures[]): SalesFigures {
  return days.reduce(
    (total, day) => ({
      orders: total.orders + day.orders,
      grossPaise: total.grossPaise + day.grossPaise,
      taxPaise: total.taxPaise + day.taxPaise,
      netPaise: total.netPaise + day.netPaise,
      refundsPaise: total.refundsPaise + day.refundsPaise,
    }),
    NO_SALES,
  );
}

async function salesFigures(db: AppContext['db'], now: Date): Promise<NonNullable<Dashboard['sales']>> {
  const rows = await repo.salesByDay(db, indiaDayStart(now, DASHBOARD_DAYS - 1), indiaDayStart(now, -1));
  const byDay = new Map(rows.map(({ day, ...figures }) => [day, figures]));
  const daily = lastIndiaDays(now, DASHBOARD_DAYS).map((day) => ({ day, ...(byDay.get(day) ?? NO_SALES) }));
  return { today: sum(daily.slice(-1)), last7Days: sum(daily.slice(-7)), last30Days: sum(daily), daily };
}

async function studentFigures(db: AppContext['db'], now: Date): Promise<NonNullable<Dashboard['students']>> {
  const [created, active7Days] = await Promise.all([
    repo.newStudentsSince(
      db,
      { today: indiaDayStart(now), days7: indiaDayStart(now, 6), days30: indiaDayStart(now, DASHBOARD_DAYS - 1) },
      indiaDayStart(now, -1),
    ),
    repo.activeStudentsSince(db, indiaDayStart(now, 6), indiaDayStart(now, -1)),
  ]);
  return { newToday: created.today, new7Days: created.days7, new30Days: created.days30, active7Days };
}

/** Each count of work waiting, for the roles that open the screen where it is done. */
async function waitingWork(db: AppContext['db'], roles: readonly string[]): Promise<Dashboard['waiting']> {
  const [failedMedia, unansweredComments, ordersNeedingAttention] = await Promise.all([
    canSeeScreen(roles, 'processQueue') ? repo.countFailedQueueItems(db) : undefined,
    canSeeScreen(roles, 'discussions') ? countUnansweredStudentComments(db) : undefined,
    canSeeSales(roles) && canSeeScreen(roles, 'notifications') ? repo.countUnreadOrderAlerts(db) : undefined,
  ]);
  return {
    ...(failedMedia === undefined ? {} : { failedMedia }),
    ...(unansweredComments === undefined ? {} : { unansweredComments }),
    ...(ordersNeedingAttention === undefined ? {} : { ordersNeedingAttention }),
  };
}

/**
 * The home page for these roles at `now`: days are India's (today, the 7 and 30 days ending today).
 * Sales and student figures are read, and sent, only for roles that may see sales.
 */
export async function dashboardFor(db: AppContext['db'], roles: readonly string[], now: Date): Promise<Dashboard> {
  const sales = canSeeSales(roles);
  const [salesPart, students, waiting] = await Promise.all([
    sales ? salesFigures(db, now) : undefined,
    sales ? studentFigures(db, now) : undefined,
    waitingWork(db, roles),
  ]);
  return {
    asOf: now.toISOString(),
    today: indiaDay(now),
    ...(salesPart ? { sales: salesPart } : {}),
    ...(students ? { students } : {}),
    waiting,
  };
}

/** GET /api/admin/dashboard: the signed-in staff member's home page. */
export async function readDashboard(ctx: RequestContext): Promise<Dashboard> {
  const actor = await requireScreen(ctx, 'dashboard');
  return dashboardFor(ctx.db, actor.roles, new Date());
}
