import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { WinnerEditor } from './winner-editor.tsx';
import { WINNER_MANAGER_PATH } from './winner-paths.ts';

/** /admin/winners/editor/{id}: loads the announcement, then shows its editor. */
export function WinnerEditorPage({ id }: { id: string }) {
  // A failed load is asked for again after 100 ms.
  const winner = api.winners.get.useQuery({ id }, { retryDelay: 100 });
  return (
    <EditorLoader query={winner} backHref={WINNER_MANAGER_PATH} backLabel="All winner announcements">
      {(loaded, reload) => <WinnerEditor key={id} winner={loaded} onReload={reload} />}
    </EditorLoader>
  );
}
WinnerEditorPage.displayName = 'WinnerEditorPage';
