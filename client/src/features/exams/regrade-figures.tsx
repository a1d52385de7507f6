import type { ReactNode } from 'react';
import type { RankMove, RegradeChange, RegradeDryRun, RegradeSummary } from '../../../../shared/exams/regrade.schema.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import { counted, formatScore, formatScoreChange, rankMoveText, summaryRows } from './regrade-format.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid content-start gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** What a regrade changes, in words ("Question 12: the answer is C, not B"). */
export function RegradeChanges({ changes }: { changes: readonly RegradeChange[] }) {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {changes.map((change) => (
        <li key={`${change.kind}:${change.questionResId ?? change.field}`}>{change.label}</li>
      ))}
    </ul>
  );
}

/** The summary's figures as a definition list, two columns where there is room. */
export function RegradeSummaryList({ summary }: { summary: RegradeSummary }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {summaryRows(summary).map((row) => (
        <div key={row.label} className="flex justify-between gap-3 border-b py-1">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="font-medium tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MovesTable({ label, moves }: { label: string; moves: readonly RankMove[] }) {
  if (moves.length === 0) return <p className="text-sm text-muted-foreground">None.</p>;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Rank</TableHead>
          <TableHead>Score</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {moves.map((move) => {
          const text = rankMoveText(move);
          return (
            <TableRow key={move.userId}>
              <TableCell>{move.name}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{text.rank}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">{text.score}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function TopTable({ label, rows }: { label: string; rows: RegradeDryRun['topBefore'] }) {
  return (
    <div className="grid min-w-0 gap-1">
      <h4 className="text-xs font-semibold uppercase text-muted-foreground">{label}</h4>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody is ranked.</p>
      ) : (
        // A hundred rows scroll inside their box, so the dialog's reason and buttons stay near.
        <div className="max-h-72 overflow-y-auto rounded-md border">
          <Table aria-label={label}>
            <TableHeader>
              <TableRow>
                <TableHead>Rank</TableHead>
                <TableHead>Name</TableHead>
                <TableHead className="text-right">Score</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.userId}>
                  <TableCell className="tabular-nums">{row.rank}</TableCell>
                  <TableCell>{row.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatScore(row.score)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

/** Everything a dry run found: the changes, the summary, the common score changes, the largest moves and the top before and after. */
export function RegradeFigures({ dryRun }: { dryRun: RegradeDryRun }) {
  return (
    <div className="grid gap-5">
      <Section title="Changes">
        <RegradeChanges changes={dryRun.changes} />
      </Section>
      <Section title="Summary">
        <RegradeSummaryList summary={dryRun.summary} />
      </Section>
      {dryRun.byChange.length > 0 && (
        <Section title="Most common score changes">
          <ul aria-label="Most common score changes" className="flex flex-wrap gap-2 text-sm">
            {dryRun.byChange.map((bucket) => (
              <li key={bucket.change} className="rounded-md border px-2 py-1 tabular-nums">
                <span className="font-semibold">{formatScoreChange(bucket.change)}</span>: {counted(bucket.attempts, 'attempt')}
              </li>
            ))}
          </ul>
        </Section>
      )}
      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="Largest moves up">
          <MovesTable label="Largest moves up" moves={dryRun.movesUp} />
        </Section>
        <Section title="Largest moves down">
          <MovesTable label="Largest moves down" moves={dryRun.movesDown} />
        </Section>
      </div>
      <Section title="Top of the ranking">
        <div className="grid gap-4 md:grid-cols-2">
          <TopTable label="Before" rows={dryRun.topBefore} />
          <TopTable label="After" rows={dryRun.topAfter} />
        </div>
      </Section>
    </div>
  );
}
