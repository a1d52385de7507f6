import { LoadFailure } from '../../components/load-failure.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { RegradeChanges } from './regrade-figures.tsx';
import { counted, resultsChanged } from './regrade-format.ts';

/** "Regrades": the exam's regrades, newest first: when (India time), who, the reason students read, the changes and how many results changed. */
export function RegradeHistory({ examId }: { examId: string }) {
  const regrades = api.exams.regrades.useQuery({ examId });
  return (
    <Card aria-labelledby="regrade-history-title">
      <CardHeader>
        <CardTitle id="regrade-history-title" className="text-base">
          Regrades
        </CardTitle>
        <CardDescription>Every regrade applied to this exam, newest first. Students read the reason on their result.</CardDescription>
      </CardHeader>
      <CardContent>
        {regrades.isPending && <LoadingPanel label="Loading the regrades" className="min-h-24" />}
        {regrades.isError && <LoadFailure title="Fetching the regrades failed" error={regrades.error} onRetry={() => regrades.refetch()} />}
        {regrades.data?.length === 0 && <p className="text-sm text-muted-foreground">No regrade yet.</p>}
        {regrades.data && regrades.data.length > 0 && (
          <ol aria-label="Regrades" className="grid gap-4">
            {regrades.data.map((regrade) => (
              <li key={regrade._id} className="grid gap-2 rounded-md border p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
                  <span className="font-semibold">
                    {formatIndiaTime(regrade.appliedAt)}
                    {regrade.appliedBy ? ` by ${regrade.appliedBy.name}` : ''}
                  </span>
                  <span className="text-muted-foreground">
                    {resultsChanged(regrade.summary.changedAttempts)}, {counted(regrade.summary.attempts, 'attempt')} re-marked
                  </span>
                </div>
                <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-wrap">{regrade.reason}</blockquote>
                <RegradeChanges changes={regrade.changes} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
RegradeHistory.displayName = 'RegradeHistory';
