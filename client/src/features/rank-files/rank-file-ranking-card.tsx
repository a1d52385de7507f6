import { RefreshCw } from 'lucide-react';
import type { RankFile } from '../../../../shared/rank-files/rank-files.schema.ts';
import { SectionCard } from '../../components/form/section-card.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { toastError, toastSuccess } from '../../components/toasts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { formatDateAndTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';

/** The rank file's ranking: sync it from the exams' first attempts, publish it to students, and its top 100. */
export function RankFileRankingCard({ rankFile }: { rankFile: RankFile }) {
  const id = rankFile._id;
  const utils = api.useUtils();
  const ranking = api.rankFiles.ranking.useQuery({ id });
  const sync = api.rankFiles.syncRanking.useMutation();
  const setStatus = api.rankFiles.setRankingStatus.useMutation();
  const refresh = () => Promise.all([utils.rankFiles.get.invalidate({ id }), utils.rankFiles.ranking.invalidate({ id })]);
  const [date, time] = formatDateAndTime(rankFile.lastRankRefresh === null ? null : new Date(rankFile.lastRankRefresh).toISOString());

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toastSuccess(done);
      await refresh();
    } catch (error) {
      toastError('Syncing Failed', error);
    }
  };

  return (
    <SectionCard
      title="Ranking"
      description="Students ranked by their first attempts of the exams above, summed; equal totals share a rank."
      className="lg:col-span-2"
    >
      <div className="flex flex-wrap items-center gap-3">
        {rankFile.isRankPublished ? <Badge variant="success">Ranking published</Badge> : <Badge variant="secondary">Ranking not published</Badge>}
        <span className="text-sm text-muted-foreground">
          {rankFile.lastRankRefresh === null ? 'Never synced' : `Synced ${date} ${time}, ${rankFile.totalParticipants} students`}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={sync.isPending || rankFile.isRankPublished}
            onClick={() => void run(() => sync.mutateAsync({ id }), 'Ranking synced')}
          >
            <RefreshCw aria-hidden="true" />
            Sync ranking
          </Button>
          <Button
            variant={rankFile.isRankPublished ? 'outline' : 'default'}
            disabled={setStatus.isPending}
            onClick={() =>
              void run(
                () => setStatus.mutateAsync({ id, status: rankFile.isRankPublished ? 'unpublished' : 'published' }),
                rankFile.isRankPublished ? 'Ranking unpublished' : 'Ranking published',
              )
            }
          >
            {rankFile.isRankPublished ? 'Unpublish ranking' : 'Publish ranking'}
          </Button>
        </span>
      </div>
      {ranking.isError && <LoadFailure title="Fetching data failed" error={ranking.error} onRetry={ranking.refetch} />}
      {ranking.data && ranking.data.length > 0 && (
        <Table aria-label="Ranking">
          <TableHeader>
            <TableRow>
              <TableHead>Rank</TableHead>
              <TableHead>Student</TableHead>
              <TableHead>Contact</TableHead>
              <TableHead>Total</TableHead>
              <TableHead>Exams taken</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ranking.data.map((row) => (
              <TableRow key={row.userId._id}>
                <TableCell className="tabular-nums">{row.rank}</TableCell>
                <TableCell>{row.userId.name}</TableCell>
                <TableCell className="text-xs text-muted-foreground">{row.userId.emailAddress || row.userId.phoneNumber}</TableCell>
                <TableCell className="tabular-nums">{row.total}</TableCell>
                <TableCell className="tabular-nums">{row.examsTaken}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {ranking.data?.length === 0 && <p className="text-sm text-muted-foreground">No ranking yet: sync it once students have taken the exams.</p>}
    </SectionCard>
  );
}
RankFileRankingCard.displayName = 'RankFileRankingCard';
