import { EditorLoader } from '../../components/editor-loader.tsx';
import { api } from '../../lib/trpc.ts';
import { CurrentAffairEditor } from './current-affair-editor.tsx';
import { CURRENT_AFFAIRS_MANAGER_PATH } from './current-affair-paths.ts';

/** /admin/current-affairs/editor/{id}: loads the post ("Loading" until then), then shows its editor. */
export function CurrentAffairEditorPage({ id }: { id: string }) {
  // A failed load is asked for again after 100 ms.
  const post = api.currentAffairs.get.useQuery({ id }, { retryDelay: 100 });
  return (
    <EditorLoader query={post} backHref={CURRENT_AFFAIRS_MANAGER_PATH} backLabel="All current affairs">
      {(loaded, reload) => <CurrentAffairEditor key={id} post={loaded} onReload={reload} />}
    </EditorLoader>
  );
}
CurrentAffairEditorPage.displayName = 'CurrentAffairEditorPage';
