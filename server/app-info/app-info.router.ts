import { publicProcedure, router } from '../trpc/trpc.ts';
import { publicSettings } from './app-info.service.ts';

export const appInfoRouter = router({
  settings: publicProcedure.query(({ ctx }) => publicSettings(ctx)),
});
