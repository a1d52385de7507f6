import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { RankFileEditor } from './rank-file-editor.tsx';
import { RANK_FILE_MANAGER_PATH } from './rank-file-paths.ts';

/** /admin/rank-files/editor/{id}: loads the rank file, then shows its editor. */
export function RankFileEditorPage({ id }: { id: string }) {
  // A failed load is asked for again after 100 ms.
  const rankFile = api.rankFiles.get.useQuery({ id }, { retryDelay: 100 });
  return (
    <EditorLoader query={rankFile} backHref={RANK_FILE_MANAGER_PATH} backLabel="All rank files">
      {(loaded, reload) => <RankFileEditor key={id} rankFile={loaded} onReload={reload} />}
    </EditorLoader>
  );
}
RankFileEditorPage.displayName = 'RankFileEditorPage';
