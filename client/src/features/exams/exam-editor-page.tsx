import { Link } from 'wouter';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/trpc.ts';
import { ExamEditor } from './exam-editor.tsx';
import { EXAM_MANAGER_PATH, type ExamEditorMode } from './exam-paths.ts';

/** /admin/exams/editor/{examId}/{mode}: loads the exam, then shows its editor. */
export function ExamEditorPage({ id, mode }: { id: string; mode: ExamEditorMode }) {
  const exam = api.exams.get.useQuery({ id });
  if (exam.isPending) return <LoadingPanel label="Loading" className="min-h-64" />;
  if (!exam.data) {
    return (
      <div className="mx-auto grid max-w-xl gap-3 py-10">
        <ErrorAlert title="Fetching data failed" error={exam.error} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void exam.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
          <Button asChild variant="ghost">
            <Link href={EXAM_MANAGER_PATH}>
              <ArrowLeft aria-hidden="true" />
              All exams
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  // A new key starts a fresh draft when another exam is opened; switching tabs keeps it.
  return <ExamEditor key={id} exam={exam.data} mode={mode} />;
}
ExamEditorPage.displayName = 'ExamEditorPage';
