/** Above this share the bytes are sent and the server is still working on them. */
export const PROCESSING_THRESHOLD_PERCENT = 95;

/** The text under an upload's progress bar: "Uploading N%" up to 95 %, then "Processing...". */
export function uploadProgressLabel(percent: number): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  if (clamped > PROCESSING_THRESHOLD_PERCENT) return 'Processing...';
  return `Uploading ${Math.floor(clamped)}%`;
}
