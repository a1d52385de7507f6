import { expect } from 'vitest';
import type { AppHarness, SignedInRole } from './app-harness.ts';
import { auditEntries, expectUnbrokenChain, lastAuditSeq, type AuditEntryRow } from './audit-entries.ts';

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

/** One of two saves sent at once: who sends it, how, and the title it saves. */
export interface RacingSave {
  by: StaffMember;
  save: () => Promise<{ statusCode: number }>;
  title: string;
}

/**
 * Two staff saving the same copy of a record at once: one save is kept (200) and writes the one
 * entry, its title changed from `from`; the other is refused as stale (409) and writes none.
 */
export async function expectOneOfTwoSaves(harness: AppHarness, from: string, first: RacingSave, second: RacingSave): Promise<void> {
  const { result, entries } = await withEntries(harness, () => Promise.all([first.save(), second.save()]));
  expect(result.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  const kept = result[0]!.statusCode === 200 ? first : second;
  expect(onlyEntryBy(entries, kept.by).changes).toMatchObject({ title: { from, to: kept.title } });
  await expectUnbrokenChain(harness.db);
}
