import { readFileSync } from 'node:fs';
import path from 'node:path';
import { recordAudit, type AuditBy, type AuditRecord } from '../../../server/audit/audit-writer.ts';
import { openDatabase } from '../../../server/db/database.ts';
import { query } from './helpers.ts';

/** The e2e server's database, as its own scripts would reach it. */
function databaseUrl(): string {
  const dataDir = process.env.E2E_DATA_DIR ?? '';
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/psc`;
}

/** Appends an entry to the audit log with the product's own writer, as a change by the account `email` would. */
export async function recordAuditEntry(email: string, record: AuditRecord): Promise<void> {
  const [account] = await query<{ id: string; name: string; roles: string[] }>('select id, name, roles from users where email_address = $1', [email]);
  if (!account) throw new Error(`no account ${email}`);
  const by: AuditBy = { actor: account, ip: '127.0.0.1' };
  const handle = openDatabase(databaseUrl(), 1, 0);
  try {
    await handle.db.transaction().execute((trx) => recordAudit(trx, by, record));
  } finally {
    await handle.close();
  }
}
