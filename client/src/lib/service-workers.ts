/**
 * The console runs without a service worker: one left registered by an older build (or another app
 * once served from this origin) would serve stale files, so every registration is removed at start.
 * Answers how many were removed.
 */
export async function unregisterServiceWorkers(
  container: Pick<ServiceWorkerContainer, 'getRegistrations'> | undefined = globalThis.navigator?.serviceWorker,
): Promise<number> {
  if (!container) return 0;
  const registrations = await container.getRegistrations();
  const removed = await Promise.all(registrations.map((registration) => registration.unregister().catch(() => false)));
  return removed.filter(Boolean).length;
}
