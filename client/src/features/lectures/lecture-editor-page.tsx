import { Link } from 'wouter';
import { ArrowLeft, RotateCw } from 'lucide-react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LoadingPanel } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/trpc.ts';
import { LectureEditor } from './lecture-editor.tsx';
import { LECTURE_CATALOGUE_PATH } from './lecture-paths.ts';

/** /admin/videos/lectures/{id} and .../general: loads the lecture, then shows its editor. */
export function LectureEditorPage({ id }: { id: string }) {
  const lecture = api.lectures.get.useQuery({ id });
  if (lecture.isPending) return <LoadingPanel label="Loading" className="min-h-64" />;
  if (!lecture.data) {
    return (
      <div className="mx-auto grid max-w-xl gap-3 py-10">
        <ErrorAlert title="Fetching data failed" error={lecture.error} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void lecture.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
          <Button asChild variant="ghost">
            <Link href={LECTURE_CATALOGUE_PATH}>
              <ArrowLeft aria-hidden="true" />
              All lectures
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  // A new key starts a fresh draft when another lecture is opened.
  return <LectureEditor key={id} lecture={lecture.data} />;
}
LectureEditorPage.displayName = 'LectureEditorPage';
