import type { AuditAction } from '../../shared/audit/audit.constants.ts';

/** The action a save records: publish or unpublish when it changed the published state, else update. */
export function publishAction(wasPublished: boolean, isPublished: boolean): AuditAction {
  if (wasPublished === isPublished) return 'update';
  return isPublished ? 'publish' : 'unpublish';
}
