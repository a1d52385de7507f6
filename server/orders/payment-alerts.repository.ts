import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The staff alerts raised about a payment (keyed `<payment id>:<kind>`), so that each is raised once. */

/** Takes, for the rest of the transaction, the lock under which the alert of this key is raised. */
export async function lockPaymentAlert(trx: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`alert:${key}`}, 0))`.execute(trx);
}

export async function paymentAlertRaised(trx: Db, key: string): Promise<boolean> {
  const seen = await trx.selectFrom('admin_alerts').select('id').where('resource_type', '=', 'payment').where('resource_id', '=', key).executeTakeFirst();
  return seen !== undefined;
}
