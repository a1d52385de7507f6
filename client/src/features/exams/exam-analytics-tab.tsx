import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { EyeOff, RefreshCw, RotateCw, Send } from 'lucide-react';
import { ANALYTICS_TOP } from '../../../../shared/exams/exam.constants.ts';
import type { AnalyticsRow, Exam, RankState } from '../../../../shared/exams/exams.schema.ts';
import { DataTable } from '../../components/data-table.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ErrorAlert, failureNotice, type FailureNotice } from '../../components/error-alert.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { LoadingPanel, Spinner } from '../../components/ui/spinner.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { CorrectShareChart, ScoreDistributionChart } from './exam-charts.tsx';
import { ItemAnalysisSection } from './item-analysis-section.tsx';

/** A short pause before the analytics are asked for. */
export const ANALYTICS_DELAY_MS = 300;

export function lastRefreshText(lastRankRefresh: number | null): string {
  return lastRankRefresh === null ? 'Never synced' : formatIndiaTime(lastRankRefresh);
}

/** The rank controls: what each button allows in the current state. */
export function rankControls(state: RankState, busy: { syncing: boolean; changingStatus: boolean }) {
  const busyNow = busy.syncing || busy.changingStatus;
  return {
    canSync: !busy.syncing && !state.isRankPublished,
    canChangeStatus: !busyNow && state.lastRankRefresh !== null,
  };
}

const number2 = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

const columns: ColumnDef<AnalyticsRow, unknown>[] = [
  { id: 'rank', header: 'Rank', accessorKey: 'rank', cell: ({ row }) => <span className="font-semibold">{row.original.rank}</span> },
  { id: 'name', header: 'Name', accessorFn: (row) => row.userId.name },
  {
    id: 'phone',
    header: 'Phone',
    accessorFn: (row) => row.userId.phoneNumber ?? '',
    cell: ({ row }) => <span className="whitespace-nowrap">{row.original.userId.phoneNumber ?? '—'}</span>,
  },
  {
    id: 'email',
    header: 'Email',
    accessorFn: (row) => row.userId.emailAddress,
    cell: ({ row }) => <span className="whitespace-nowrap">{row.original.userId.emailAddress}</span>,
  },
  { id: 'score', header: 'Score', accessorKey: 'score', cell: ({ row }) => number2.format(row.original.score) },
  { id: 'performance', header: 'Performance', accessorKey: 'performance', cell: ({ row }) => `${number2.format(row.original.performance)}%` },
  { id: 'correct', header: 'Correct', accessorKey: 'correctAnswerCount' },
  { id: 'wrong', header: 'Wrong', accessorKey: 'wrongAnswerCount' },
  { id: 'unattempted', header: 'Unattempted', accessorKey: 'unAttemptedAnswerCount' },
  { id: 'unseen', header: 'Unseen', accessorKey: 'unseenQuestionCount' },
];

/** The Analytics tab: rank controls, the ranking of the last sync, two charts and the item analysis. */
export function ExamAnalyticsTab({ exam }: { exam: Exam }) {
  const id = exam._id;
  const utils = api.useUtils();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), ANALYTICS_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const analytics = api.exams.analytics.useQuery({ id }, { enabled: ready });
  const statistics = api.exams.statistics.useQuery({ id }, { enabled: ready });
  const [rankFailure, setRankFailure] = useState<FailureNotice | null>(null);

  const applyRankState = async (state: RankState) => {
    utils.exams.get.setData({ id }, (old) => (old ? { ...old, ...state } : old));
    // A first load still on its way (the ranking before the sync) would be taken as the answer to the
    // reload and kept: stop it, so that the reload asks the server again.
    await Promise.all([utils.exams.analytics.cancel({ id }), utils.exams.statistics.cancel({ id }), utils.exams.itemAnalysis.cancel({ id })]);
    await utils.exams.invalidate();
  };
  const sync = api.exams.syncRanks.useMutation({ onSuccess: applyRankState });
  const setStatus = api.exams.setRankStatus.useMutation({ onSuccess: applyRankState });

  const controls = rankControls(exam, { syncing: sync.isPending, changingStatus: setStatus.isPending });

  const runSync = () => {
    setRankFailure(null);
    sync.mutate({ id }, { onSuccess: () => toastSuccess('Ranking synced'), onError: (error) => setRankFailure(failureNotice('Syncing Failed', error)) });
  };
  const changeStatus = (status: 'published' | 'unpublished') => {
    setRankFailure(null);
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () => toastSuccess(status === 'published' ? 'Ranking published' : 'Ranking unpublished'),
        onError: (error) => setRankFailure(failureNotice('Syncing Failed', error)),
      },
    );
  };

  const rows = useMemo(() => analytics.data ?? [], [analytics.data]);
  const loadError = analytics.error ?? statistics.error;
  const participants = statistics.data?.participants ?? rows[0]?.totalParticipants;

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Ranking</CardTitle>
          <CardDescription>Each student's first submitted attempt is ranked when you sync. Students see the ranking once it is published.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div className="flex items-center gap-2">
              <dt className="text-muted-foreground">Rank status</dt>
              <dd>{exam.isRankPublished ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Unpublished</Badge>}</dd>
            </div>
            <div className="flex items-center gap-2">
              <dt className="text-muted-foreground">Last refresh</dt>
              <dd className="font-medium">{lastRefreshText(exam.lastRankRefresh)}</dd>
            </div>
            {participants !== undefined && participants >= 0 && (
              <div className="flex items-center gap-2">
                <dt className="text-muted-foreground">Participants</dt>
                <dd className="font-medium">{participants}</dd>
              </div>
            )}
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={runSync} disabled={!controls.canSync}>
              {sync.isPending ? <Spinner size="sm" className="text-current" label="" /> : <RefreshCw aria-hidden="true" />}
              {sync.isPending ? 'Syncing...' : 'Sync Ranking'}
            </Button>
            <Button variant="outline" onClick={() => changeStatus('published')} disabled={!controls.canChangeStatus}>
              <Send aria-hidden="true" />
              Publish Rank
            </Button>
            <Button variant="outline" onClick={() => changeStatus('unpublished')} disabled={!controls.canChangeStatus}>
              <EyeOff aria-hidden="true" />
              Unpublish Rank
            </Button>
          </div>
          {exam.isRankPublished && <p className="text-xs text-muted-foreground">Unpublish the ranking to sync it again.</p>}
          {rankFailure && <ErrorAlert title={rankFailure.title} message={rankFailure.message} warnings={rankFailure.warnings} />}
        </CardContent>
      </Card>

      {loadError && (
        <div className="grid gap-2">
          <ErrorAlert title="Failed to fetch analytics" error={loadError} />
          <Button
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              void analytics.refetch();
              void statistics.refetch();
            }}
          >
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}

      {/* Charts sit beside the ranking on wide screens, and in a row under it otherwise. */}
      <div className="grid items-start gap-4 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label={`Top ${ANALYTICS_TOP} students`} className="grid min-w-0 gap-2">
          <h2 className="text-sm font-semibold">Top {ANALYTICS_TOP} students</h2>
          {exam.lastRankRefresh !== null && (
            <ExportButtons
              path={`/api/admin/exams/${encodeURIComponent(id)}/results/export`}
              filters={{}}
              total={rows[0]?.totalParticipants}
              noun="exam results (every ranked student)"
            />
          )}
          <DataTable
            label="Ranking"
            columns={columns}
            data={rows}
            pageSize={10}
            minRows={3}
            filterColumns={['name']}
            isLoading={!ready || analytics.isPending}
            emptyMessage={exam.lastRankRefresh === null ? 'Sync the ranking to see it here' : 'No submitted attempts in the last sync'}
            getRowId={(row) => row.userId._id}
          />
        </section>
        <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-1">
          {statistics.data ? (
            <>
              <ScoreDistributionChart statistics={statistics.data} />
              <CorrectShareChart statistics={statistics.data} />
            </>
          ) : (
            !statistics.isError && <LoadingPanel label="Loading charts" className="rounded-lg border bg-card lg:col-span-2 2xl:col-span-1" />
          )}
        </div>
      </div>

      <ItemAnalysisSection examId={id} synced={exam.lastRankRefresh !== null} enabled={ready} />
    </div>
  );
}
ExamAnalyticsTab.displayName = 'ExamAnalyticsTab';
