import type { ScreenProcedures } from '../domain.ts';
import { router } from '../trpc/trpc.ts';

/** The console's order screens (added with the orders screen). */
export const ordersRouter = (_procedures: ScreenProcedures) => router({});
