import * as React from 'react';
import type { DraftEditor } from '../../lib/use-draft-editor.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { AuditResourceType } from '../../../../shared/audit/audit.constants.ts';
import { HistoryPanel } from '../../features/audit/history-panel.tsx';
import { DeleteConfirmModal } from '../delete-confirm-modal.tsx';
import { EditorHeader, type EditorHeaderProps } from '../editor-header.tsx';
import type { FailureNotice } from '../error-alert.tsx';
import { LeaveGuard } from '../leave-guard.tsx';
import { NoticeModal, type Notice } from '../notice-modal.tsx';
import { SaveFailureAlert } from '../save-failure-alert.tsx';
import { StaleSaveAlert } from '../stale-save-alert.tsx';

/**
 * Kept from render to render while its props stay the same: an editor that passes steady props
 * (the exam's) renders only the field typed in, not the header.
 */
const SteadyHeader = React.memo(EditorHeader);

/** What the shell reads of the draft editor: whether something is unsaved, and why a save failed. */
export type ShellDraftState = Pick<DraftEditor<unknown>, 'hasChanges' | 'staleSave' | 'dismissStaleSave' | 'saveFailure' | 'dismissSaveFailure'>;

/** The header as the editor fills it; the shell adds Delete and, when embedded, hides it and Back. */
export type ShellHeaderProps = Omit<EditorHeaderProps, 'hasChanges' | 'onDelete' | 'hideDelete' | 'hideBack'> & {
  /** Save's state when it differs from the draft's (an upload running, say). */
  hasChanges?: boolean;
};

/** The pause before a record is deleted, unless its editor names another. */
export const EDITOR_DELETE_PAUSE_MS = 300;

/** The delete dialog's words and how a failed delete is told: the same on every render of an editor. */
export interface EditorDeleteDialog {
  /** e.g. "Delete Lecture". */
  title: string;
  text: string;
  /** `EDITOR_DELETE_PAUSE_MS` when absent. */
  pauseMs?: number;
  /** A failed delete told inside the modal, which stays open. */
  describeError?: (error: unknown) => FailureNotice;
  /** A failed delete told in a notice once the modal has closed. */
  failureNotice?: (error: unknown) => Notice;
}

export interface EditorDelete extends EditorDeleteDialog {
  onDelete: () => Promise<unknown>;
  onDeleted: () => unknown;
}

export interface EditorShellProps {
  drafts: ShellDraftState;
  /** The browser tab's title. */
  documentTitle: string;
  header: ShellHeaderProps;
  /** Opened inside another screen (type=v1): no Back and no Delete. */
  embedded?: boolean;
  /** Loads the record again after someone else saved it, dropping the edits. */
  onReload: () => Promise<void>;
  /** Paths that keep the editor on screen, and what the leave dialog calls the record. */
  leave: { inside: (path: string) => boolean; thing: string };
  remove: EditorDelete;
  /** Between the header and the alerts (a field of the header that was refused, say). */
  belowHeader?: React.ReactNode;
  /** Between someone else's save and the failed save (the exam's publish message). */
  belowStaleSave?: React.ReactNode;
  /** The record whose History (its audit log entries) closes the editor. */
  history?: { resourceType: AuditResourceType; resourceId: string };
  children: React.ReactNode;
}

/**
 * What every editor has around its own fields: the header with Save (and Ctrl+S) and Delete, the
 * alerts of a save refused or failed, the guard against leaving edits unsaved, and the delete dialog.
 */
export function EditorShell({
  drafts,
  documentTitle,
  header,
  embedded = false,
  onReload,
  leave,
  remove,
  belowHeader,
  belowStaleSave,
  history,
  children,
}: EditorShellProps) {
  const [deleteOpen, setDeleteOpen] = React.useState(false);
  const [notice, setNotice] = React.useState<Notice | null>(null);
  const openDelete = React.useCallback(() => setDeleteOpen(true), []);
  useDocumentTitle(documentTitle);
  const { failureNotice } = remove;

  return (
    <div className="mx-auto grid max-w-6xl gap-4">
      <SteadyHeader {...header} hasChanges={header.hasChanges ?? drafts.hasChanges} onDelete={openDelete} hideDelete={embedded} hideBack={embedded} />
      {belowHeader}
      <StaleSaveAlert staleSave={drafts.staleSave} onReload={() => void onReload()} onDismiss={drafts.dismissStaleSave} />
      {belowStaleSave}
      <SaveFailureAlert failure={drafts.saveFailure} onDismiss={drafts.dismissSaveFailure} />
      {children}
      {history && <HistoryPanel resourceType={history.resourceType} resourceId={history.resourceId} />}
      <LeaveGuard when={drafts.hasChanges} inside={leave.inside} thing={leave.thing} />
      <DeleteConfirmModal
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={remove.title}
        text={remove.text}
        pauseMs={remove.pauseMs ?? EDITOR_DELETE_PAUSE_MS}
        onDelete={remove.onDelete}
        {...(failureNotice ? { onFailure: (error: unknown) => setNotice(failureNotice(error)) } : {})}
        {...(remove.describeError ? { describeError: remove.describeError } : {})}
        onDeleted={remove.onDeleted}
      />
      {failureNotice && <NoticeModal notice={notice} onClose={() => setNotice(null)} />}
    </div>
  );
}
EditorShell.displayName = 'EditorShell';
