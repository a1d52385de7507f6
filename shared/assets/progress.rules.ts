import type { ProcessState } from './assets.schema.ts';

/**
 * The five steps in which a worker is working on a file, in order (preparing is step 1 of 5,
 * uploading step 5). An item in one of them is being processed: it keeps its state when queued
 * again, and its outputs may not be removed under the worker.
 */
export const PROCESS_STEPS = ['preparing', 'downloading', 'processing', 'post-processing', 'uploading'] as const;

export function stepNumber(state: string): number | undefined {
  const index = (PROCESS_STEPS as readonly string[]).indexOf(state);
  return index === -1 ? undefined : index + 1;
}

/** Progress percent: loaded over total, 0 when it cannot be computed, 100 when ready. */
export function progressPercent(state: ProcessState | 'queued', progress: Record<string, { total: number; loaded: number } | undefined>): number {
  if (state === 'ready') return 100;
  const entry = progress[state];
  if (!entry || !Number.isFinite(entry.total) || !Number.isFinite(entry.loaded) || entry.total <= 0) return 0;
  return Math.max(0, Math.min(100, Math.round((entry.loaded / entry.total) * 100)));
}
