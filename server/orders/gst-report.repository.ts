import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The GST return report's queries. Every sum is taken in SQL over `bigint` paise (exact); a
 * document belongs to the period its own `issued_at` falls in, [start, end).
 */

type Kind = 'invoice' | 'credit-note';

export interface DocumentRecord {
  number: string;
  date: string;
  buyer_name: string;
  buyer_gstin: string | null;
  place_of_supply: string;
  gst_rate: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  discount_paise: number;
  round_off_paise: number;
  total_paise: number;
  invoice_number: string | null;
  invoice_date: string | null;
  reason: string | null;
}

export async function documentsOfPeriod(db: Db, kind: Kind, start: Date, end: Date): Promise<DocumentRecord[]> {
  const { rows } = await sql<DocumentRecord>`
    select number,
      to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as date,
      coalesce(buyer ->> 'name', '') as buyer_name,
      nullif(buyer ->> 'gstin', '') as buyer_gstin,
      coalesce(buyer ->> 'state', '') as place_of_supply,
      gst_rate, taxable_paise, cgst_paise, sgst_paise, igst_paise, discount_paise, round_off_paise, total_paise,
      credited_invoice_number as invoice_number,
      to_char(credited_invoice_issued_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as invoice_date,
      reason
    from invoices
    where kind = ${kind} and issued_at >= ${start} and issued_at < ${end}
    order by number`.execute(db);
  return rows;
}

export interface DocumentTotalsRecord {
  count: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  discount_paise: number;
  round_off_paise: number;
  total_paise: number;
}

export async function documentTotalsOfPeriod(db: Db, kind: Kind, start: Date, end: Date): Promise<DocumentTotalsRecord> {
  const { rows } = await sql<DocumentTotalsRecord>`
    select count(*)::bigint as count,
      coalesce(sum(taxable_paise), 0)::bigint as taxable_paise,
      coalesce(sum(cgst_paise), 0)::bigint as cgst_paise,
      coalesce(sum(sgst_paise), 0)::bigint as sgst_paise,
      coalesce(sum(igst_paise), 0)::bigint as igst_paise,
      coalesce(sum(discount_paise), 0)::bigint as discount_paise,
      coalesce(sum(round_off_paise), 0)::bigint as round_off_paise,
      coalesce(sum(total_paise), 0)::bigint as total_paise
    from invoices
    where kind = ${kind} and issued_at >= ${start} and issued_at < ${end}`.execute(db);
  return rows[0]!;
}

export interface NetRecord {
  /** Null on the totals row. */
  group_key: string | null;
  gst_rate: number | null;
  invoices: number;
  credit_notes: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  igst_paise: number;
  total_paise: number;
  /** 1 on the totals row (grouping over every column), 0 on the others. */
  is_total: number;
}

/**
 * Invoices less credit notes of the period, grouped by the place of supply (`byState`) or by
 * nothing but the rate, with the grand total as the row whose `is_total` is 1 (ROLLUP).
 */
export async function netOfPeriod(db: Db, byState: boolean, start: Date, end: Date): Promise<NetRecord[]> {
  const state = sql`coalesce(buyer ->> 'state', '')`;
  const signed = (column: string) => sql`coalesce(sum(case when kind = 'invoice' then ${sql.ref(column)} else -${sql.ref(column)} end), 0)::bigint`;
  const groups = byState ? sql`grouping sets ((${state}, gst_rate), ())` : sql`grouping sets ((gst_rate), ())`;
  const { rows } = await sql<NetRecord>`
    select ${byState ? state : sql`null::text`} as group_key, gst_rate,
      count(*) filter (where kind = 'invoice')::bigint as invoices,
      count(*) filter (where kind = 'credit-note')::bigint as credit_notes,
      ${signed('taxable_paise')} as taxable_paise,
      ${signed('cgst_paise')} as cgst_paise,
      ${signed('sgst_paise')} as sgst_paise,
      ${signed('igst_paise')} as igst_paise,
      ${signed('total_paise')} as total_paise,
      grouping(gst_rate) as is_total
    from invoices
    where issued_at >= ${start} and issued_at < ${end}
    group by ${groups}
    order by is_total, group_key, gst_rate`.execute(db);
  return rows;
}
