import { useCallback, useEffect } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { QUEUE_PAGE_SIZE, QUEUE_SORT_COLUMNS, QUEUE_USUAL_SORT, type QueueView } from '../../../../shared/queue/queue-list.schema.ts';
import type { Notice } from '../../components/notice-modal.tsx';
import { useServerList } from '../../components/server-list/use-server-list.ts';
import { messageOr } from '../../lib/errors.ts';
import { api } from '../../lib/trpc.ts';
import { useCountdown } from './use-countdown.ts';

/** The queue manager's timings. */
export const QUEUE_REFRESH_SECONDS = 15;
const CONNECTION_FALLBACK = 'Something went wrong';

export function connectionErrorNotice(error: unknown): Notice {
  return { kind: 'error', title: 'Connection Error', text: messageOr(error, CONNECTION_FALLBACK) };
}

/**
 * One view of the queue a page at a time, asked for again every few seconds (the countdown) and
 * on Refresh; every failed load, the automatic ones too, is told through `onFailure`.
 */
export function useQueueList(onFailure: (notice: Notice) => void) {
  const list = useServerList({
    initialFilters: { view: 'current' as QueueView },
    pageSize: QUEUE_PAGE_SIZE,
    sort: { columns: QUEUE_SORT_COLUMNS, usual: QUEUE_USUAL_SORT },
    toInput: (settled, paging) => ({ status: settled.view, ...paging }),
    useQuery: (input) => api.queue.list.useQuery(input, { staleTime: 0, placeholderData: keepPreviousData }),
  });
  const { query, page, setPage, total } = list;

  const { refetch } = query;
  const countdown = useCountdown(QUEUE_REFRESH_SECONDS, () => void refetch());
  const { restart } = countdown;
  const refresh = useCallback(async () => {
    restart();
    await refetch();
  }, [refetch, restart]);

  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) onFailure(connectionErrorNotice(error));
  }, [isError, error, errorUpdatedAt, onFailure]);

  // The view shrank under this page (a delete, items finishing): show its last page.
  useEffect(() => {
    const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
    if (!query.isPlaceholderData && page > pages) setPage(pages);
  }, [total, page, query.isPlaceholderData, setPage]);

  /** Another view starts at its first page. */
  const showView = (view: QueueView) => {
    list.setFilter('view', view);
    setPage(1);
  };

  return { ...list, view: list.filters.view, showView, secondsLeft: countdown.secondsLeft, refresh };
}
