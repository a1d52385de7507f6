import * as React from 'react';
import { useState } from 'react';
import { MessageSquarePlus, Pencil, Reply as ReplyIcon, ShieldCheck, Trash2 } from 'lucide-react';
import { ADMIN_COMMENTS_PAGE_SIZE, visibleReplies, type Comment, type Reply } from '../../../../shared/comments/comments.schema.ts';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { LoadFailure } from '../../components/load-failure.tsx';
import { NoticeModal, type Notice } from '../../components/notice-modal.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UserText } from '../../components/user-text.tsx';
import { delay } from '../../lib/delay.ts';
import { messageOr } from '../../lib/errors.ts';
import { formatIndiaTime } from '../../lib/format.ts';
import { api } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { CommentModal, type CommentModalMode, type CommentModalValue } from './comment-modal.tsx';

/** The pause before a comment or reply is deleted, as the specification has it. */
export const DELETE_COMMENT_DELAY_MS = 300;

function when(iso: string): string {
  return formatIndiaTime(iso);
}

/**
 * Students may write one unbroken 2,000-letter word, and names may be long: such text breaks anywhere
 * (also in the min-content width that grid and flex tracks size by), so the buttons stay on screen.
 */
const WRAP_ANYWHERE = 'min-w-0 break-words [overflow-wrap:anywhere]';

/** A comment's or a reply's Edit and Delete icons; `what` names it ("the reply by Anu"). */
function EditDeleteButtons({ what, onEdit, onDelete }: { what: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <IconButton icon={Pencil} variant="ghost" size="sm" label={`Edit ${what}`} onClick={onEdit} />
      <IconButton icon={Trash2} variant="ghost" size="sm" className="text-destructive" label={`Delete ${what}`} onClick={onDelete} />
    </>
  );
}

type Editing = { mode: CommentModalMode; comment?: Comment; reply?: Reply } | null;
type Deleting = { comment: Comment; reply?: Reply } | null;

function Author({ name, isAdministrator }: { name: string; isAdministrator: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-1 font-medium">
      <UserText className={WRAP_ANYWHERE}>{name}</UserText>
      {isAdministrator && <ShieldCheck aria-label="Posted by an administrator" className="size-4 shrink-0 text-primary" />}
    </span>
  );
}

function CommentCard({
  comment,
  heading,
  onEdit,
  onReply,
  onEditReply,
  onDelete,
}: {
  comment: Comment;
  heading?: React.ReactNode;
  onEdit: () => void;
  onReply: () => void;
  onEditReply: (reply: Reply) => void;
  onDelete: (reply?: Reply) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const { shown, toggle } = visibleReplies(comment.replies, expanded);
  return (
    <li
      aria-label={`Comment by ${comment.displayName}`}
      className={cn('grid min-w-0 grid-cols-1 gap-2 rounded-lg border bg-card p-4', !comment.isVisible && 'opacity-60')}
    >
      {heading}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
          <Author name={comment.displayName} isAdministrator={comment.isAdministrator} />
          {comment.isPinned && <span className="rounded bg-primary/10 px-1.5 text-xs text-primary">Pinned</span>}
          {!comment.isVisible && <span className="text-xs text-muted-foreground">(Not visible to public)</span>}
          <span className="text-xs text-muted-foreground">{when(comment.createdAt)}</span>
        </span>
        <span className="flex shrink-0 gap-1">
          <Button variant="ghost" size="sm" onClick={onReply}>
            <ReplyIcon aria-hidden="true" />
            Reply
          </Button>
          <EditDeleteButtons what={`the comment by ${comment.displayName}`} onEdit={onEdit} onDelete={() => onDelete()} />
        </span>
      </div>
      <p dir="auto" className={cn('whitespace-pre-wrap text-sm', WRAP_ANYWHERE)}>
        <UserText>{comment.message}</UserText>
      </p>
      {shown.length > 0 && (
        <ul aria-label="Replies" className="grid min-w-0 grid-cols-1 gap-2 border-l-2 pl-4">
          {shown.map((reply) => (
            <li key={reply._id} className="grid min-w-0 grid-cols-1 gap-1 text-sm">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Author name={reply.displayName} isAdministrator={reply.isAdministrator} />
                <span className="text-xs text-muted-foreground">{when(reply.createdAt)}</span>
                <EditDeleteButtons what={`the reply by ${reply.displayName}`} onEdit={() => onEditReply(reply)} onDelete={() => onDelete(reply)} />
              </span>
              <p dir="auto" className={cn('whitespace-pre-wrap', WRAP_ANYWHERE)}>
                <UserText>{reply.message}</UserText>
              </p>
            </li>
          ))}
        </ul>
      )}
      {toggle && (
        <Button variant="link" size="sm" className="justify-self-start px-0" onClick={() => setExpanded((current) => !current)}>
          {toggle}
        </Button>
      )}
    </li>
  );
}

export interface CommentsBoardProps {
  comments: readonly Comment[];
  /** Asked for again after any change. */
  onChanged: () => Promise<unknown>;
  /** Above each comment (the inbox names its lecture). */
  headingOf?: (comment: Comment) => React.ReactNode;
  /** The lecture a new comment goes under; no New Comment button without one. */
  newCommentLectureId?: string;
  emptyText: string;
}

/** Comments with their replies, and every way staff write, change, hide, pin or remove them. */
export function CommentsBoard({ comments, onChanged, headingOf, newCommentLectureId, emptyText }: CommentsBoardProps) {
  const create = api.comments.create.useMutation();
  const update = api.comments.update.useMutation();
  const reply = api.comments.reply.useMutation();
  const updateReply = api.comments.updateReply.useMutation();
  const remove = api.comments.delete.useMutation();
  const removeReply = api.comments.deleteReply.useMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const submit = async (value: CommentModalValue) => {
    if (!editing) return;
    const lectureId = editing.comment?.resourceId ?? newCommentLectureId!;
    if (editing.mode === 'new') await create.mutateAsync({ ...value, resourceType: 'lecture', resourceId: lectureId });
    else if (editing.mode === 'edit-comment' && editing.comment)
      await update.mutateAsync({ id: editing.comment._id, ...value, resourceType: 'lecture', resourceId: lectureId });
    else if (editing.mode === 'edit-reply' && editing.comment && editing.reply)
      await updateReply.mutateAsync({
        commentId: editing.comment._id,
        replyId: editing.reply._id,
        message: value.message,
        displayName: value.displayName,
        isAdministrator: value.isAdministrator,
      });
    else if (editing.mode === 'reply' && editing.comment) {
      const answer = await reply.mutateAsync({
        commentId: editing.comment._id,
        resourceType: 'lecture',
        resourceId: lectureId,
        message: value.message,
        name: value.displayName,
        isAdministrator: value.isAdministrator,
      });
      // The reply is saved; a push that could not go to the student is told.
      if (editing.comment.user && !answer.notification.sent)
        setNotice({ kind: 'error', title: 'Failed', text: answer.notification.message ?? 'Something went wrong' });
    }
    await onChanged();
  };

  const initial: Partial<CommentModalValue> = editing?.reply
    ? { displayName: editing.reply.displayName, message: editing.reply.message, isAdministrator: editing.reply.isAdministrator }
    : editing?.mode === 'edit-comment' && editing.comment
      ? {
          displayName: editing.comment.displayName,
          message: editing.comment.message,
          isAdministrator: editing.comment.isAdministrator,
          isVisible: editing.comment.isVisible,
          isPinned: editing.comment.isPinned,
        }
      : {};

  return (
    <>
      {newCommentLectureId && (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground">Questions students ask under this lecture, and the answers. Pinned first, newest next.</p>
          <Button onClick={() => setEditing({ mode: 'new' })}>
            <MessageSquarePlus aria-hidden="true" />
            New Comment
          </Button>
        </div>
      )}
      {comments.length > 0 ? (
        <ul aria-label="Comments" className="grid min-w-0 grid-cols-1 gap-3">
          {comments.map((comment) => (
            <CommentCard
              key={comment._id}
              comment={comment}
              heading={headingOf?.(comment)}
              onEdit={() => setEditing({ mode: 'edit-comment', comment })}
              onReply={() => setEditing({ mode: 'reply', comment })}
              onEditReply={(replyToEdit) => setEditing({ mode: 'edit-reply', comment, reply: replyToEdit })}
              onDelete={(replyToDelete) => setDeleting({ comment, ...(replyToDelete ? { reply: replyToDelete } : {}) })}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border bg-card p-6 text-center text-sm text-muted-foreground">{emptyText}</p>
      )}
      <CommentModal mode={editing?.mode ?? null} initial={initial} onOpenChange={(open) => !open && setEditing(null)} onSubmit={submit} />
      <ConfirmModal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.reply ? 'Delete Reply' : 'Delete Comment'}
        text={deleting?.reply ? 'Delete this reply? This cannot be undone.' : 'Delete this comment and its replies? This cannot be undone.'}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        describeError={(error) => ({ title: 'Failed', message: messageOr(error, 'Unknown error') })}
        onConfirm={async () => {
          if (!deleting) return;
          await delay(DELETE_COMMENT_DELAY_MS);
          if (deleting.reply) await removeReply.mutateAsync({ commentId: deleting.comment._id, replyId: deleting.reply._id });
          else await remove.mutateAsync({ id: deleting.comment._id });
          setDeleting(null);
          await onChanged();
        }}
      />
      <NoticeModal notice={notice} onClose={() => setNotice(null)} />
    </>
  );
}
CommentsBoard.displayName = 'CommentsBoard';

/** The lecture editor's Discussions tab: a page of comments at a time, older ones on request. */
export function DiscussionsTab({ lectureId }: { lectureId: string }) {
  const utils = api.useUtils();
  const comments = api.comments.list.useInfiniteQuery(
    { resourceId: lectureId },
    {
      retryDelay: (attempt) => Math.min(1000, 100 * 2 ** attempt),
      // A full page may have more after it; the next page starts after its last comment.
      getNextPageParam: (lastPage) => (lastPage.length === ADMIN_COMMENTS_PAGE_SIZE ? lastPage.at(-1)!._id : undefined),
    },
  );
  const loaded = comments.data?.pages.flat() ?? [];
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {comments.isError && <LoadFailure title="Failed" error={comments.error} onRetry={comments.refetch} />}
      {comments.isPending ? (
        <Spinner label="Loading comments" />
      ) : (
        <CommentsBoard
          comments={loaded}
          onChanged={() => utils.comments.list.invalidate({ resourceId: lectureId })}
          newCommentLectureId={lectureId}
          emptyText="No comments yet."
        />
      )}
      {comments.hasNextPage && (
        <Button variant="outline" className="justify-self-center" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          {comments.isFetchingNextPage ? 'Loading older comments...' : 'Load older comments'}
        </Button>
      )}
    </div>
  );
}
DiscussionsTab.displayName = 'DiscussionsTab';
