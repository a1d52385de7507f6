import { useState } from 'react';
import { useLocation } from 'wouter';
import { CheckCheck, PencilLine, RotateCw } from 'lucide-react';
import type { Exam } from '../../../../shared/exams/exams.schema.ts';
import { KEY_REPORT_FILTERS, type KeyReportFilter, type ReportedQuestion } from '../../../../shared/exams/key-reports.schema.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { toastSuccess } from '../../components/toasts.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { examEditorPath } from './exam-paths.ts';
import { openReportsLabel } from './key-report-counts.tsx';
import { ResolveReportsDialog, type ResolveTarget } from './resolve-reports-dialog.tsx';

const FILTER_LABELS: Record<KeyReportFilter, string> = { open: 'Open', resolved: 'Resolved', all: 'All' };
const PAGE_SIZE = 20;

export function questionName(question: Pick<ReportedQuestion, 'number' | 'questionResId'>): string {
  return question.number === null ? `Question ${question.questionResId} (no longer in the exam)` : `Question ${question.number}`;
}

/** The Reports tab: students' reports of wrong answer keys, per question, to resolve or to regrade from. */
export function ExamReportsTab({ exam, embedded }: { exam: Exam; embedded: boolean }) {
  const id = exam._id;
  const [, navigate] = useLocation();
  const utils = api.useUtils();
  const [status, setStatus] = useState<KeyReportFilter>('open');
  const [question, setQuestion] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<ResolveTarget | null>(null);
  const reports = api.exams.keyReports.useQuery({ id, status, page, pageSize: PAGE_SIZE, ...(question ? { question } : {}) });
  const resolveMutation = api.exams.resolveKeyReports.useMutation();

  const resolve = async (resolveInput: { reportIds: string[] } | { questionResId: string }, note: string) => {
    const answer = await resolveMutation.mutateAsync({ id, resolve: { ...resolveInput, ...(note.trim() ? { note } : {}) } });
    toastSuccess(answer.message);
    await Promise.all([utils.exams.keyReports.invalidate({ id }), utils.exams.keyReportCounts.invalidate({ id })]);
  };
  const regrade = (resId: string) => navigate(examEditorPath(id, { mode: 'questions', embedded, question: resId }));
  const choose = (next: { status?: KeyReportFilter; question?: string | undefined }) => {
    if (next.status) setStatus(next.status);
    if ('question' in next) setQuestion(next.question);
    setPage(1);
  };

  const data = reports.data;
  const questions = data?.questions ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const chosen = questions.find((q) => q.questionResId === question);

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Reports of wrong answer keys</CardTitle>
          <CardDescription>
            Students who submitted this exam report questions whose key they think is wrong. Resolve a report with a note they read, or open the question to
            correct its key or void it (a regrade).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {reports.isPending && <LoadingPanel label="Loading reports" className="min-h-32" />}
          {reports.error && (
            <div className="grid gap-2">
              <ErrorAlert title="Failed to fetch reports" error={reports.error} />
              <Button variant="outline" className="justify-self-start" onClick={() => void reports.refetch()}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </div>
          )}
          {data && questions.length === 0 && <p className="text-sm text-muted-foreground">No student has reported a question of this exam.</p>}
          {questions.length > 0 && (
            <ul aria-label="Reported questions" className="grid gap-2">
              {questions.map((q) => (
                <li key={q.questionResId} aria-label={questionName(q)} className="flex flex-wrap items-center gap-2 rounded-md border px-3 py-2">
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium">{questionName(q)}</span>
                    {q.question && <span className="truncate text-sm text-muted-foreground">{q.question}</span>}
                  </div>
                  <Badge variant={q.openCount > 0 ? 'warning' : 'secondary'}>{openReportsLabel(q.openCount)}</Badge>
                  <span className="text-xs text-muted-foreground">{q.totalCount} in all</span>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="ghost" size="sm" onClick={() => choose({ question: q.questionResId })} aria-pressed={question === q.questionResId}>
                      Show reasons
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={q.openCount === 0}
                      onClick={() =>
                        setResolving({
                          what: `the ${openReportsLabel(q.openCount)} of ${questionName(q).toLowerCase()}`,
                          resolve: (note) => resolve({ questionResId: q.questionResId }, note),
                        })
                      }
                    >
                      <CheckCheck aria-hidden="true" />
                      Resolve
                    </Button>
                    <Button variant="outline" size="sm" disabled={q.number === null} onClick={() => regrade(q.questionResId)}>
                      <PencilLine aria-hidden="true" />
                      Regrade…
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {questions.length > 0 && data && (
        <section aria-label="Reports" className="grid gap-3 rounded-lg border bg-card p-4">
          <div className="flex flex-wrap items-end gap-3">
            <h2 className="mr-auto text-sm font-semibold">
              {chosen ? `Reasons given for ${questionName(chosen).toLowerCase()}` : 'Reasons given'} ({data.total})
            </h2>
            {question && (
              <Button variant="ghost" size="sm" onClick={() => choose({ question: undefined })}>
                Every question
              </Button>
            )}
            <label className="grid gap-1 text-sm">
              <span className="text-muted-foreground">Show</span>
              <NativeSelect aria-label="Show reports" value={status} onChange={(event) => choose({ status: event.target.value as KeyReportFilter })}>
                {KEY_REPORT_FILTERS.map((filter) => (
                  <option key={filter} value={filter}>
                    {FILTER_LABELS[filter]}
                  </option>
                ))}
              </NativeSelect>
            </label>
          </div>
          {data.reports.length === 0 ? (
            <p className="text-sm text-muted-foreground">No {status === 'all' ? '' : `${status} `}reports here.</p>
          ) : (
            <ul className="grid gap-2">
              {data.reports.map((report) => {
                const reported = questions.find((q) => q.questionResId === report.questionResId);
                const name = reported ? questionName(reported) : `Question ${report.questionResId}`;
                return (
                  <li key={report._id} aria-label={`Report by ${report.student.name}`} className="grid gap-1 rounded-md border px-3 py-2 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{name}</span>
                      <span className="text-muted-foreground">
                        {report.student.name} · {formatIndiaTime(report.createdAt)}
                      </span>
                      {report.status === 'open' ? <Badge variant="warning">Open</Badge> : <Badge variant="success">Resolved</Badge>}
                      {report.status === 'open' && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="ml-auto"
                          onClick={() =>
                            setResolving({ what: `this report by ${report.student.name}`, resolve: (note) => resolve({ reportIds: [report._id] }, note) })
                          }
                        >
                          Resolve
                        </Button>
                      )}
                    </div>
                    <p className="whitespace-pre-wrap break-words">{report.reason}</p>
                    {report.status === 'resolved' && (
                      <p className="text-xs text-muted-foreground">
                        Resolved {report.resolvedAt ? formatIndiaTime(report.resolvedAt) : ''}
                        {report.resolvedBy ? ` by ${report.resolvedBy.name}` : ''}
                        {report.resolutionNote ? `: ${report.resolutionNote}` : ''}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {pages > 1 && (
            <div className="flex items-center gap-2 text-sm">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span>
                Page {page} of {pages}
              </span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </div>
          )}
        </section>
      )}
      <ResolveReportsDialog target={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
ExamReportsTab.displayName = 'ExamReportsTab';
