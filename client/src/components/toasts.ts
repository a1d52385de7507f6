import { toast } from 'sonner';
import { errorMessage } from '../lib/errors.ts';

/** A red toast titled `title` with the failure's message (the server's, "Network error" or "Unknown error"). */
export function toastError(title: string, error: unknown): void {
  toast.error(title, { description: errorMessage(error) });
}

export function toastSuccess(title: string, description?: string): void {
  toast.success(title, description === undefined ? undefined : { description });
}
