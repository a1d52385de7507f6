import { appInfoRouter } from '../app-info/app-info.router.ts';
import { authRouter } from '../auth/auth.router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  app: appInfoRouter,
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
