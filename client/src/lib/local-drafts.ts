/**
 * An editor's unsaved edits kept in this tab's storage, so that a reload (after the session
 * ended, say) brings them back. Keyed by account, editor and record; removed once saved, when
 * the editor is left, or when the edits are undone.
 */
const PREFIX = 'psc:draft:';

/** This page load: a draft written by an earlier load of the page is restored, never one of this load. */
export const PAGE_LOAD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export interface StoredDraft<Draft> {
  draft: Draft;
  /** The version the edits were based on: a save from them is checked against it. */
  version: number;
  page: string;
}

export function localDraftKey(userId: string, kind: string, recordId: string): string {
  return `${PREFIX}${userId}:${kind}:${recordId}`;
}

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function sameKeys(a: object, b: object): boolean {
  const left = Object.keys(a).sort();
  const right = Object.keys(b).sort();
  return left.length === right.length && left.every((key, index) => key === right[index]);
}

/**
 * The stored draft to restore into an editor that loaded `shape`: written by an earlier page
 * load, and of the same fields (a draft of an older console build is not forced on a newer one).
 */
export function restorableDraft<Draft>(text: string | null, shape: Draft, page: string): StoredDraft<Draft> | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { draft, version, page: writtenBy } = parsed as Record<string, unknown>;
  if (typeof version !== 'number' || typeof writtenBy !== 'string' || writtenBy === page) return null;
  if (typeof draft !== 'object' || draft === null || typeof shape !== 'object' || shape === null) return null;
  if (!sameKeys(draft, shape)) return null;
  return { draft: draft as Draft, version, page: writtenBy };
}

export function readLocalDraft<Draft>(key: string, shape: Draft): StoredDraft<Draft> | null {
  try {
    return restorableDraft(tabStorage()?.getItem(key) ?? null, shape, PAGE_LOAD_ID);
  } catch {
    return null;
  }
}

export function writeLocalDraft<Draft>(key: string, draft: Draft, version: number): void {
  try {
    tabStorage()?.setItem(key, JSON.stringify({ draft, version, page: PAGE_LOAD_ID } satisfies StoredDraft<Draft>));
  } catch {
    // Storage full or refused: the edits stay on screen, only a reload would lose them.
  }
}

export function removeLocalDraft(key: string): void {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    // Nothing stored.
  }
}
