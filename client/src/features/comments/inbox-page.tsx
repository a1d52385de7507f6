import { Link } from 'wouter';
import { INBOX_PAGE_SIZE, type InboxEntry } from '../../../../shared/comments/comments.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
import { SERVER_LIST_QUERY_OPTIONS, useServerList } from '../../components/server-list/use-server-list.ts';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { api } from '../../lib/trpc.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { lectureEditorPath } from '../lectures/lecture-paths.ts';
import { CommentsBoard } from './discussions-tab.tsx';

/** /admin/discussions: the latest student comments across all lectures; reply, hide and pin them in place. */
export function DiscussionsInboxPage() {
  useDocumentTitle('Discussions');
  const utils = api.useUtils();
  const {
    filters,
    setFilter,
    query: inbox,
    pager,
  } = useServerList({
    initialFilters: { unansweredOnly: false as boolean },
    pageSize: INBOX_PAGE_SIZE,
    toInput: (settled, { page }) => ({ page, ...(settled.unansweredOnly ? { unanswered: 'yes' as const } : {}) }),
    useQuery: (input) => api.comments.inbox.useQuery(input, SERVER_LIST_QUERY_OPTIONS),
  });
  const { unansweredOnly } = filters;
  const entries = (inbox.data?.comments ?? []) as InboxEntry[];
  const byId = new Map(entries.map((entry) => [entry._id, entry]));
  return (
    <div className="mx-auto grid w-full min-w-0 max-w-5xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Discussions</h1>
          <p className="text-sm text-muted-foreground">What students ask under the lectures, newest first. Reply, hide or pin it here.</p>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox id="unanswered-only" checked={unansweredOnly} onChange={(event) => setFilter('unansweredOnly', event.target.checked)} />
          <Label htmlFor="unanswered-only">Only without a staff reply</Label>
        </div>
      </div>
      {inbox.isError && <LoadFailure title="Fetching data failed" error={inbox.error} onRetry={inbox.refetch} />}
      {inbox.isPending ? (
        <Spinner label="Loading discussions" />
      ) : (
        <CommentsBoard
          comments={entries}
          onChanged={() => utils.comments.inbox.invalidate()}
          emptyText={unansweredOnly ? 'Every question has a staff reply.' : 'No student has written yet.'}
          headingOf={(comment) => {
            const entry = byId.get(comment._id);
            return (
              <p className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted-foreground">
                On
                <Link
                  href={lectureEditorPath(comment.resourceId, { mode: 'discussions' })}
                  className="min-w-0 break-words font-medium text-primary [overflow-wrap:anywhere] hover:underline"
                >
                  {entry?.lectureTitle ?? 'a lecture'}
                </Link>
                {entry && !entry.hasStaffReply && <span className="rounded bg-amber-100 px-1.5 text-amber-900">No staff reply yet</span>}
              </p>
            );
          }}
        />
      )}
      <div className="rounded-lg border bg-card">
        <ServerPager {...pager} noun="comments" />
      </div>
    </div>
  );
}
DiscussionsInboxPage.displayName = 'DiscussionsInboxPage';
