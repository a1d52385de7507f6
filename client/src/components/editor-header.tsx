import * as React from 'react';
import { Link } from 'wouter';
import { ArrowLeft, Save, Trash2 } from 'lucide-react';
import { useSaveShortcut } from '../lib/save-shortcut.ts';
import { cn } from '../lib/utils.ts';
import { OfflineWarnings } from './offline-warnings.tsx';
import { Badge } from './ui/badge.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { Spinner } from './ui/spinner.tsx';

export type EditorStatusVariant = 'success' | 'warning' | 'destructive' | 'secondary' | 'info';

export interface EditorStatus {
  /** e.g. "Published", "Unpublished" or the publish message. */
  text: string;
  variant: EditorStatusVariant;
}

export interface EditorHeaderProps {
  title: string;
  onTitleChange: (title: string) => void;
  /** Accessible name of the title field. */
  titleLabel?: string;
  /** The title field's input type: a date for items named by their date (current affairs). */
  titleType?: 'text' | 'date';
  status?: EditorStatus;
  /** Save is enabled only when something is unsaved. */
  hasChanges: boolean;
  saving?: boolean;
  onSave: () => void;
  saveLabel?: string;
  onDelete?: () => void;
  deleteLabel?: string;
  /** Hide the delete button, e.g. when the editor is embedded with type=v1. */
  hideDelete?: boolean;
  /** Where the back arrow goes; no arrow without it. */
  backHref?: string;
  hideBack?: boolean;
  /** More buttons between the status and Save (send notification, schedule...). */
  actions?: React.ReactNode;
  /** Server publish warnings, listed in a red panel when the item is visible. */
  warnings?: readonly string[] | null;
  isVisible?: boolean;
  offlineTitle?: string;
  offlineText?: string;
  className?: string;
}

/** The top of every editor: title, publish status, Save (also Ctrl+S / Cmd+S), delete and extra actions. */
export function EditorHeader({
  title,
  onTitleChange,
  titleLabel = 'Title',
  titleType = 'text',
  status,
  hasChanges,
  saving = false,
  onSave,
  saveLabel = 'Save',
  onDelete,
  deleteLabel = 'Delete',
  hideDelete = false,
  backHref,
  hideBack = false,
  actions,
  warnings,
  isVisible = false,
  offlineTitle,
  offlineText,
  className,
}: EditorHeaderProps) {
  useSaveShortcut(onSave, hasChanges && !saving);
  return (
    <>
      {/*
        Sticks to the top of the window, so that Save, Delete and the way back stay at hand on a long
        editor page. The band of page colour behind it hides what scrolls underneath. The warnings
        below are not part of it: a long list of them must not cover the page.
      */}
      <div data-editor-header="" className={cn('sticky top-0 z-30 -my-2 bg-background py-2', className)}>
        <header className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 shadow-sm">
          {backHref && !hideBack && (
            <Button asChild variant="ghost" size="icon">
              <Link href={backHref} aria-label="Back">
                <ArrowLeft aria-hidden="true" />
              </Link>
            </Button>
          )}
          <Input
            aria-label={titleLabel}
            type={titleType}
            value={title}
            onChange={(event) => onTitleChange(event.target.value)}
            className="h-10 min-w-48 flex-1 border-transparent bg-transparent text-lg font-semibold shadow-none hover:border-input focus-visible:border-input"
          />
          {status && <Badge variant={status.variant}>{status.text}</Badge>}
          <div className="flex flex-wrap items-center gap-2">
            {actions}
            <Button onClick={onSave} disabled={!hasChanges || saving} aria-keyshortcuts="Control+S Meta+S">
              {saving ? <Spinner size="sm" className="text-current" label="" /> : <Save aria-hidden="true" />}
              {saving ? 'Saving...' : saveLabel}
            </Button>
            {onDelete && !hideDelete && (
              <Button variant="outline" onClick={onDelete} className="text-destructive hover:text-destructive">
                <Trash2 aria-hidden="true" />
                {deleteLabel}
              </Button>
            )}
          </div>
        </header>
      </div>
      <OfflineWarnings
        isVisible={isVisible}
        warnings={warnings}
        {...(offlineTitle === undefined ? {} : { title: offlineTitle })}
        {...(offlineText === undefined ? {} : { text: offlineText })}
      />
    </>
  );
}
EditorHeader.displayName = 'EditorHeader';
