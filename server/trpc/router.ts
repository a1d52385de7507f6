import { appInfoRouter } from '../app-info/app-info.router.ts';
import { authRouter } from '../auth/auth.router.ts';
import { assetsRouter } from '../assets/assets.router.ts';
import { lecturesRouter } from '../lectures/lectures.router.ts';
import { examsRouter } from '../exams/exams.router.ts';
import { queueRouter } from '../queue/queue.router.ts';
import { subscriptionsRouter } from '../subscriptions/subscriptions.router.ts';
import { router } from './trpc.ts';

export const appRouter = router({
  app: appInfoRouter,
  auth: authRouter,
  assets: assetsRouter,
  queue: queueRouter,
  lectures: lecturesRouter,
  exams: examsRouter,
  subscriptions: subscriptionsRouter,
});

export type AppRouter = typeof appRouter;
