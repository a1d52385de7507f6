import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { keepPreviousData } from '@tanstack/react-query';
import { INBOX_PAGE_SIZE, type InboxEntry } from '../../../../shared/comments/comments.schema.ts';
import { LoadFailure } from '../../components/load-failure.tsx';
import { ServerPager } from '../../components/server-pager.tsx';
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
  const [page, setPage] = useState(1);
  const [unansweredOnly, setUnansweredOnly] = useState(false);
  useEffect(() => setPage(1), [unansweredOnly]);
  const inbox = api.comments.inbox.useQuery({ page, ...(unansweredOnly ? { unanswered: 'yes' as const } : {}) }, { placeholderData: keepPreviousData, retryDelay: 100 });
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
          <Checkbox id="unanswered-only" checked={unansweredOnly} onChange={(event) => setUnansweredOnly(event.target.checked)} />
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
                <Link href={lectureEditorPath(comment.resourceId, { mode: 'discussions' })} className="min-w-0 break-words font-medium text-primary [overflow-wrap:anywhere] hover:underline">
                  {entry?.lectureTitle ?? 'a lecture'}
                </Link>
                {entry && !entry.hasStaffReply && <span className="rounded bg-amber-100 px-1.5 text-amber-900">No staff reply yet</span>}
              </p>
            );
          }}
        />
      )}
      <div className="rounded-lg border bg-card">
        <ServerPager page={page} pageSize={INBOX_PAGE_SIZE} total={inbox.data?.total ?? 0} noun="comments" onPage={setPage} />
      </div>
    </div>
  );
}
DiscussionsInboxPage.displayName = 'DiscussionsInboxPage';
