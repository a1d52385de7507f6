import { toast } from 'sonner';
import { errorMessage } from '../lib/errors.ts';
import { displayText } from '../lib/user-text.ts';

/** A red toast titled `title` with the failure's message (the server's, "Network error" or "Unknown error"). */
export function toastError(title: string, error: unknown): void {
  toast.error(displayText(title), { description: displayText(errorMessage(error)) });
}

/** A green toast; with an id, a later toast of the same id replaces it and dismissToast removes it. */
export function toastSuccess(title: string, description?: string, id?: string): void {
  toast.success(displayText(title), { ...(description === undefined ? {} : { description: displayText(description) }), ...(id === undefined ? {} : { id }) });
}

export function dismissToast(id: string): void {
  toast.dismiss(id);
}

/** The id of an editor's "saved" toast: a new save attempt takes the old one away, so it never sits beside a failure. */
export const savedToast = (recordId: string) => `saved:${recordId}`;
