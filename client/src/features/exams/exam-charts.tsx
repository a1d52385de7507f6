import type { ReactNode } from 'react';
import { BarChart } from '@tremor/react';
import type { RouterOutputs } from '../../lib/trpc.ts';

type ExamStatistics = RouterOutputs['exams']['statistics'];

const wholeNumber = (value: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }).format(value);
const percent = (value: number) => `${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 }).format(value)}%`;

interface ChartFigureProps {
  title: string;
  summary: string;
  /** The figures in words, for screen readers (the bars themselves are not readable). */
  values: string[];
  children: ReactNode;
}

function ChartFigure({ title, summary, values, children }: ChartFigureProps) {
  return (
    <figure aria-label={title} className="grid min-w-0 gap-2 rounded-lg border bg-card p-4 shadow-sm">
      <figcaption className="grid gap-0.5">
        <span className="text-sm font-semibold">{title}</span>
        <span className="text-xs text-muted-foreground">{summary}</span>
      </figcaption>
      <div aria-hidden="true">{children}</div>
      <ul className="sr-only">
        {values.map((value) => (
          <li key={value}>{value}</li>
        ))}
      </ul>
    </figure>
  );
}

/** How many students scored in each tenth of the total marks (first attempts only). */
export function ScoreDistributionChart({ statistics }: { statistics: Pick<ExamStatistics, 'participants' | 'scoreDistribution'> }) {
  const data = statistics.scoreDistribution.map((band) => ({ range: band.range, Students: band.students }));
  return (
    <ChartFigure
      title="Score distribution"
      summary={`${statistics.participants} student(s), first attempts, by score range`}
      values={statistics.scoreDistribution.map((band) => `${band.range}: ${band.students} student(s)`)}
    >
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
    <ChartFigure
      title="Correct answers per question"
      summary="Share of participants who chose the correct option"
      values={statistics.questions.map((question) => `Question ${question.number}: ${percent(question.correctShare)} correct`)}
    >
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
