import type { ReactNode } from 'react';
import { BarChart } from '@tremor/react';
import type { RouterOutputs } from '../../lib/trpc.ts';

type ExamStatistics = RouterOutputs['exams']['statistics'];

const wholeNumber = (value: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(value);
const percent = (value: number) => `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(value)}%`;

function ChartFigure({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  return (
    <figure aria-label={title} className="grid gap-2 rounded-lg border bg-card p-4 shadow-sm">
      <figcaption className="grid gap-0.5">
        <span className="text-sm font-semibold">{title}</span>
        <span className="text-xs text-muted-foreground">{summary}</span>
      </figcaption>
      {children}
    </figure>
  );
}

/** How many students scored in each tenth of the total marks (first attempts only). */
export function ScoreDistributionChart({ statistics }: { statistics: Pick<ExamStatistics, 'participants' | 'scoreDistribution'> }) {
  const data = statistics.scoreDistribution.map((band) => ({ range: band.range, Students: band.students }));
  return (
    <ChartFigure title="Score distribution" summary={`${statistics.participants} student(s), first attempts, by score range`}>
      <BarChart
        className="h-56"
        data={data}
        index="range"
        categories={['Students']}
        colors={['blue']}
        valueFormatter={wholeNumber}
        allowDecimals={false}
        showLegend={false}
        yAxisWidth={36}
        rotateLabelX={{ angle: -40, verticalShift: 12, xAxisHeight: 44 }}
        noDataText="No attempts yet"
      />
    </ChartFigure>
  );
}
ScoreDistributionChart.displayName = 'ScoreDistributionChart';

/** Each question's share of students who answered it correctly. */
export function CorrectShareChart({ statistics }: { statistics: Pick<ExamStatistics, 'participants' | 'questions'> }) {
  const data = statistics.questions.map((question) => ({
    question: `Q${question.number}`,
    'Correct answers': question.correctShare,
  }));
  return (
    <ChartFigure title="Correct answers per question" summary="Share of participants who chose the correct option">
      <BarChart
        className="h-56"
        data={data}
        index="question"
        categories={['Correct answers']}
        colors={['emerald']}
        valueFormatter={percent}
        minValue={0}
        maxValue={100}
        showLegend={false}
        yAxisWidth={44}
        noDataText="No questions yet"
      />
    </ChartFigure>
  );
}
CorrectShareChart.displayName = 'CorrectShareChart';
