import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { canSeeScreen, type ScreenKey } from '../../../../shared/auth/roles.ts';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../auth/session.ts';
import { NotFoundContent } from '../not-found/not-found-page.tsx';

/** Each screen's code is fetched when it is first opened, so the console starts with the side bar and one screen. */
function screen<Props>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => ({ default: await load() }));
}
const ExamEditorRoute = screen(() => import('../exams/exam-routes.tsx').then((m) => m.ExamEditorRoute));
const ExamManagerRoute = screen(() => import('../exams/exam-routes.tsx').then((m) => m.ExamManagerRoute));
const LectureCataloguePage = screen(() => import('../lectures/lecture-catalogue-page.tsx').then((m) => m.LectureCataloguePage));
const LectureEditorPage = screen(() => import('../lectures/lecture-editor-page.tsx').then((m) => m.LectureEditorPage));
const ProcessQueuePage = screen(() => import('../queue/process-queue-page.tsx').then((m) => m.ProcessQueuePage));
const SubscriptionEditorPage = screen(() => import('../subscriptions/subscription-editor-page.tsx').then((m) => m.SubscriptionEditorPage));
const SubscriptionManagerPage = screen(() => import('../subscriptions/subscription-manager-page.tsx').then((m) => m.SubscriptionManagerPage));

/** A screen the user's roles hide from the side bar says so instead of failing on every call. */
function RequireScreen({ screen, children }: { screen: ScreenKey; children: ReactNode }) {
  const roles = useCurrentUser().data?.roles ?? [];
  if (canSeeScreen(roles, screen)) return <>{children}</>;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-semibold">This screen is not available to your role</h1>
      <p className="max-w-sm text-sm text-muted-foreground">Ask an administrator if you need access to it.</p>
    </div>
  );
}

/** The /admin screens built so far; every other /admin path shows not-found inside the layout. */
export function AdminScreens() {
  return (
    <Suspense fallback={<LoadingPanel label="Loading" className="min-h-64" />}>
      <Routes />
    </Suspense>
  );
}
AdminScreens.displayName = 'AdminScreens';

function Routes() {
  return (
    <Switch>
      <Route path="/admin/videos">
        <RequireScreen screen="videos">
          <LectureCataloguePage />
        </RequireScreen>
      </Route>
      <Route<{ id: string }> path="/admin/videos/lectures/:id">
        {(params) => (
          <RequireScreen screen="videos">
            <LectureEditorPage id={params.id} />
          </RequireScreen>
        )}
      </Route>
      <Route<{ id: string }> path="/admin/videos/lectures/:id/general">
        {(params) => (
          <RequireScreen screen="videos">
            <LectureEditorPage id={params.id} />
          </RequireScreen>
        )}
      </Route>
      <Route path="/admin/subscriptions">
        <RequireScreen screen="subscriptions">
          <SubscriptionManagerPage />
        </RequireScreen>
      </Route>
      {/* One route for both tabs, so that switching tabs keeps the unsaved draft. */}
      <Route<{ id: string; mode?: string }> path="/admin/subscriptions/editor/:id/:mode?">
        {(params) => (
          <RequireScreen screen="subscriptions">
            <SubscriptionEditorPage id={params.id} mode={params.mode} />
          </RequireScreen>
        )}
      </Route>
      {/* One route for every tab, so that switching tabs keeps the unsaved draft. */}
      <Route<{ id: string; mode?: string }> path="/admin/exams/editor/:id/:mode?">
        {(params) => (
          <RequireScreen screen="exams">
            <ExamEditorRoute id={params.id} mode={params.mode} />
          </RequireScreen>
        )}
      </Route>
      <Route<{ templateId?: string }> path="/admin/exams/:templateId?">
        {(params) => (
          <RequireScreen screen="exams">
            <ExamManagerRoute templateId={params.templateId} />
          </RequireScreen>
        )}
      </Route>
      <Route path="/admin/process/queue">
        <RequireScreen screen="processQueue">
          <ProcessQueuePage />
        </RequireScreen>
      </Route>
      <Route>
        <NotFoundContent />
      </Route>
    </Switch>
  );
}
