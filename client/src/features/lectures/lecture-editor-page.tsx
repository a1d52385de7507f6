import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { LectureEditor } from './lecture-editor.tsx';
import { LECTURE_CATALOGUE_PATH, type LectureEditorMode } from './lecture-paths.ts';

/** /admin/videos/lectures/{id}, .../general and .../discussions: loads the lecture, then shows its editor. */
export function LectureEditorPage({ id, mode = 'general' }: { id: string; mode?: LectureEditorMode }) {
  const lecture = api.lectures.get.useQuery({ id });
  // A new key starts a fresh draft when another lecture is opened.
  return (
    <EditorLoader query={lecture} backHref={LECTURE_CATALOGUE_PATH} backLabel="All lectures">
      {(loaded, reload) => <LectureEditor key={id} lecture={loaded} onReload={reload} mode={mode} />}
    </EditorLoader>
  );
}
LectureEditorPage.displayName = 'LectureEditorPage';
