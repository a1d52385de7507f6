/** Where the sign-in page sends someone back to, kept for this tab only. */
const RETURN_PATH_KEY = 'psc:return-path';

/**
 * A path the console may return to after sign-in: one of its own pages (starting with a single
 * "/"), never the sign-in pages themselves and never another site ("//host" or "/\host").
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (path === '/' || path === '/auth' || path.startsWith('/auth/') || path.startsWith('/auth?')) return null;
  return path;
}

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the page a signed-out visitor asked for, to open it once they have signed in. */
export function keepReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) tabStorage()?.setItem(RETURN_PATH_KEY, safe);
  } catch {
    // Storage full or refused: the visitor lands on their home page instead.
  }
}

export function returnPath(): string | null {
  try {
    return safeReturnPath(tabStorage()?.getItem(RETURN_PATH_KEY));
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    tabStorage()?.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing to forget.
  }
}
