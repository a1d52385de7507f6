import * as React from 'react';
import { delay } from '../lib/delay.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import type { FailureNotice } from './error-alert.tsx';

export interface DeleteConfirmModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Delete Lecture". */
  title: string;
  text: React.ReactNode;
  /** The short pause, in milliseconds, between the confirmation and the delete request. */
  pauseMs: number;
  /** Sends the delete request. */
  onDelete: () => Promise<unknown>;
  /**
   * Takes over a failed delete: the modal closes and the caller shows the failure its own way.
   * Without it the failure is shown inside the modal, which stays open.
   */
  onFailure?: (error: unknown) => void;
  /** Turns a failure shown inside the modal into its title, message and warnings. */
  describeError?: (error: unknown) => FailureNotice;
  /** What follows a delete that succeeded: refresh the lists, say so, leave the editor. */
  onDeleted: () => unknown;
}

/** An editor's "Delete" confirmation: Close / Delete, "Deleting..." while the pause and the request run. */
export function DeleteConfirmModal({ open, onOpenChange, title, text, pauseMs, onDelete, onFailure, describeError, onDeleted }: DeleteConfirmModalProps) {
  const confirm = async () => {
    await delay(pauseMs);
    try {
      await onDelete();
    } catch (error) {
      if (!onFailure) throw error;
      onFailure(error);
      return;
    }
    await onDeleted();
  };

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      text={text}
      cancelLabel="Close"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      destructive
      {...(describeError ? { describeError } : {})}
      onConfirm={confirm}
    />
  );
}
DeleteConfirmModal.displayName = 'DeleteConfirmModal';
