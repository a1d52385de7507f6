import { appInfoRouter } from '../app-info/app-info.router.ts';
import { authRouter } from '../auth/auth.router.ts';
import { assetsRouter } from '../assets/assets.router.ts';
import { lecturesRouter } from '../lectures/lectures.router.ts';
import { queueRouter } from '../queue/queue.router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  app: appInfoRouter,
  auth: authRouter,
  assets: assetsRouter,
  queue: queueRouter,
  lectures: lecturesRouter,
});

export type AppRouter = typeof appRouter;
