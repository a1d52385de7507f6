import type { z } from 'zod';
import { validateForm, type FieldErrors } from '../../lib/forms.ts';
import type { DraftEditor } from '../../lib/use-draft-editor.ts';
import { dismissToast, savedToast } from '../toasts.ts';
import { firstProblem } from './editor-notices.ts';

export interface SaveCheck<Draft, Schema extends z.ZodType> {
  schema: Schema;
  toValue: (draft: Draft) => unknown;
  /** The title of the save failure that shows a refused draft. */
  failedTitle: string;
}

/**
 * The start of an editor's save: the draft as it is now, checked with the schema the server
 * applies. The record's last "saved" toast goes; a refused draft shows as the save failure.
 */
export function checkBeforeSave<Draft, Schema extends z.ZodType>(
  drafts: Pick<DraftEditor<Draft>, 'current' | 'showSaveFailure'>,
  recordId: string,
  check: SaveCheck<Draft, Schema>,
): { ok: true; sent: Draft; value: z.output<Schema> } | { ok: false; errors: FieldErrors } {
  const sent = drafts.current();
  dismissToast(savedToast(recordId));
  const checked = validateForm(check.schema, check.toValue(sent));
  if (!checked.ok) {
    drafts.showSaveFailure({ title: check.failedTitle, message: firstProblem(checked.errors) });
    return checked;
  }
  return { ok: true, sent, value: checked.data };
}
