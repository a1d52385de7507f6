import type { EditorStatus } from '../editor-header.tsx';
import type { Notice } from '../notice-modal.tsx';
import { errorTypeOf, errorWarnings, messageOr } from '../../lib/errors.ts';
import type { FieldErrors } from '../../lib/forms.ts';

const DELETE_FALLBACK = 'Unknown error. Check your connection and try again.';

/** The header's badge of a record that is published or not. */
export function publishStatus(isPublished: boolean, unpublished = 'Unpublished'): EditorStatus {
  return isPublished ? { text: 'Published', variant: 'success' } : { text: unpublished, variant: 'destructive' };
}

/** What the server says of a record's publishing: whether it is out, and what keeps it offline. */
export interface PublishedRecord {
  isPublished: boolean;
  isVisible: boolean;
  publishWarnings: readonly string[] | null;
}

/** The header's publish badge and offline warnings of a record. */
export function publishHeader(record: PublishedRecord, offlineTitle: string, unpublished?: string) {
  return { status: publishStatus(record.isPublished, unpublished), isVisible: record.isVisible, warnings: record.publishWarnings, offlineTitle };
}

/** What a failed check before saving says: the first field's problem. */
export function firstProblem(errors: FieldErrors): string {
  return Object.values(errors).find(Boolean) ?? 'Please check the fields';
}

/** A failed delete under `title`: the warnings of a has-warnings answer, else the message or the connection hint. */
export function deleteFailureNotice(title: string, error: unknown): Notice {
  if (errorTypeOf(error) === 'has-warnings') return { kind: 'error', title, warnings: errorWarnings(error) };
  return { kind: 'error', title, text: messageOr(error, DELETE_FALLBACK) };
}
