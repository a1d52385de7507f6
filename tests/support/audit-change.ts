import { expect } from 'vitest';
import type { AppHarness, SignedInRole } from './app-harness.ts';
import { auditEntries, lastAuditSeq, type AuditEntryRow } from './audit-entries.ts';

/** Runs a change and answers what it returned with the audit entries it wrote (of every kind). */
export async function withEntries<T>(harness: AppHarness, change: () => Promise<T>): Promise<{ result: T; entries: AuditEntryRow[] }> {
  const afterSeq = await lastAuditSeq(harness.db);
  const result = await change();
  return { result, entries: await auditEntries(harness.db, { afterSeq }) };
}

export interface StaffMember {
  id: string;
  name: string;
  roles: string[];
}

/** The staff member of a role signed in through the harness's `roles`, with the name given there. */
export const staffOf = (harness: AppHarness, role: SignedInRole, name: string): StaffMember => ({ id: harness.userId(role), name, roles: [role] });

/** Expects the change to write exactly one entry, by this staff member, and answers it. */
export function onlyEntryBy(entries: AuditEntryRow[], by: StaffMember): AuditEntryRow {
  expect(entries, JSON.stringify(entries.map((entry) => [entry.action, entry.resource_type]))).toHaveLength(1);
  const entry = entries[0]!;
  expect(entry).toMatchObject({ actor_id: by.id, actor_name: by.name, actor_roles: by.roles });
  return entry;
}

/** Expects a refused change (its status given) to write no entry. */
export async function expectNoEntry(harness: AppHarness, status: number, change: () => Promise<{ statusCode: number; body: string }>): Promise<void> {
  const { result, entries } = await withEntries(harness, change);
  expect(result.statusCode, result.body).toBe(status);
  expect(entries).toEqual([]);
}
