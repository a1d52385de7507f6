import { useLocation } from 'wouter';
import { toastSuccess } from '../toasts.ts';

/** What follows a delete that succeeded: the list asked for again, the delete said, and back to the list. */
export function useLeaveDeleted(listPath: string, said: string, refreshList: () => Promise<unknown>): () => Promise<void> {
  const [, navigate] = useLocation();
  return async () => {
    await refreshList();
    toastSuccess(said);
    navigate(listPath);
  };
}
