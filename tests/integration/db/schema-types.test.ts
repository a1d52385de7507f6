import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDatabase } from '../../support/app-harness.ts';
import { ASSET_KINDS, accessModeSchema, PROCESS_STATES, QUEUE_ITEM_STATES, QUEUE_STATES } from '../../../shared/assets/assets.schema.ts';
import { FREE_MODES, SUBSCRIPTION_MODES } from '../../../shared/subscriptions/subscription.constants.ts';
import { DISCOUNT_TYPES } from '../../../shared/commerce/coupons.schema.ts';
import { COUPON_TARGET_TYPES } from '../../../shared/commerce/coupon-use.rules.ts';
import { ORDER_STATUSES, RESOURCE_TYPES } from '../../../shared/commerce/checkout.schema.ts';
import { ORDER_MODES } from '../../../shared/commerce/orders.schema.ts';
import { DOCUMENT_KINDS } from '../../../shared/commerce/invoices.schema.ts';
import { TARGET_TYPES } from '../../../shared/push/push.schema.ts';
import { EXAM_TYPES, TEMPLATE_IDS } from '../../../shared/exams/exam.constants.ts';

/**
 * server/db/types.ts is written by hand; this test keeps it true to the migrated schema. It reads
 * the TypeScript type of every table (as Kysely selects it) with the compiler, and the columns of
 * every table from the database, and fails naming the table and column where they differ: a
 * column missing on either side, a nullable column typed as never null (or the reverse), or a
 * column whose kind (text, number, boolean, time, JSON) does not match.
 */
type Kind = 'string' | 'number' | 'boolean' | 'date' | 'json' | 'string[]';
interface Column {
  kind: Kind;
  nullable: boolean;
}

const root = path.resolve(import.meta.dirname, '../../..');

function declaredTables(): Map<string, Map<string, Column>> {
  const probeFile = path.join(root, 'server/db/__schema_probe__.ts');
  const probeSource = `import type { Selectable } from 'kysely';
import type { Database } from './types.ts';
export declare const probe: { [T in keyof Database]: Selectable<Database[T]> };
`;
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    skipLibCheck: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (file) => (file === probeFile ? probeSource : readFile(file));
  host.fileExists = (file) => file === probeFile || fileExists(file);
  host.getSourceFile = (file, language, onError) =>
    file === probeFile ? ts.createSourceFile(file, probeSource, language) : getSourceFile(file, language, onError);
  const program = ts.createProgram([probeFile], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probeFile)!;
  const statement = source.statements.find(ts.isVariableStatement)!;
  const probe = checker.getTypeAtLocation(statement.declarationList.declarations[0]!.name);
  const tables = new Map<string, Map<string, Column>>();
  for (const table of checker.getPropertiesOfType(probe)) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, source);
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      const type = checker.getTypeOfSymbolAtLocation(column, source);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
      const rest = parts.filter((part) => !(part.flags & ts.TypeFlags.Null));
      columns.set(column.name, { nullable, kind: kindOfType(checker, rest) });
    }
    tables.set(table.name, columns);
  }
  return tables;
}

function kindOfType(checker: ts.TypeChecker, parts: ts.Type[]): Kind {
  const flags = parts.reduce((all, part) => all | part.flags, 0);
  const text = parts.map((part) => checker.typeToString(part)).join(' | ');
  if (flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral) && !(flags & ~(ts.TypeFlags.String | ts.TypeFlags.StringLiteral))) return 'string';
  if (flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral) && !(flags & ~(ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral))) return 'number';
  if (flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'boolean';
  if (text === 'Date') return 'date';
  if (text === 'string[]') return 'string[]';
  return 'json';
}

function kindOfColumn(dataType: string, udtName: string): Kind {
  if (['text', 'character varying', 'uuid', 'inet', 'character'].includes(dataType)) return 'string';
  if (['integer', 'bigint', 'smallint', 'numeric', 'double precision', 'real'].includes(dataType)) return 'number';
  if (dataType === 'boolean') return 'boolean';
  // A date column is read as its "YYYY-MM-DD" text (server/db/database.ts).
  if (dataType === 'date') return 'string';
  if (dataType.startsWith('timestamp')) return 'date';
  if (dataType === 'ARRAY' && ['_text', '_varchar', '_uuid'].includes(udtName)) return 'string[]';
  if (dataType === 'jsonb' || dataType === 'json') return 'json';
  return 'json';
}

const database = useDatabase({ poolSize: 1 });

async function driftOf(declared: Map<string, Map<string, Column>>): Promise<string[]> {
  const rows = await database.pool.query<{ table_name: string; column_name: string; is_nullable: string; data_type: string; udt_name: string }>(`
    select c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.table_name not like 'kysely_%'
    order by c.table_name, c.ordinal_position`);
  const actual = new Map<string, Map<string, Column>>();
  for (const row of rows.rows) {
    const columns = actual.get(row.table_name) ?? new Map<string, Column>();
    columns.set(row.column_name, { kind: kindOfColumn(row.data_type, row.udt_name), nullable: row.is_nullable === 'YES' });
    actual.set(row.table_name, columns);
  }
  const problems: string[] = [];
  for (const table of new Set([...actual.keys(), ...declared.keys()])) {
    const inDatabase = actual.get(table);
    const inTypes = declared.get(table);
    if (!inTypes) problems.push(`table ${table} is in the database but not in Database`);
    if (!inDatabase) problems.push(`table ${table} is in Database but not in the database`);
    if (!inTypes || !inDatabase) continue;
    for (const column of new Set([...inDatabase.keys(), ...inTypes.keys()])) {
      const real = inDatabase.get(column);
      const typed = inTypes.get(column);
      if (!typed) problems.push(`${table}.${column} is in the database but not in the types`);
      else if (!real) problems.push(`${table}.${column} is in the types but not in the database`);
      else {
        if (real.nullable !== typed.nullable)
          problems.push(
            `${table}.${column} is ${real.nullable ? 'nullable' : 'not null'} in the database but typed ${typed.nullable ? 'nullable' : 'never null'}`,
          );
        // JSON columns may be typed as anything; other kinds must agree.
        if (real.kind !== 'json' && real.kind !== typed.kind) problems.push(`${table}.${column} holds ${real.kind} in the database but is typed ${typed.kind}`);
      }
    }
  }
  return problems;
}

describe('server/db/types.ts', () => {
  let declared: Map<string, Map<string, Column>>;
  beforeAll(() => {
    declared = declaredTables();
  }, 120_000);

  it('reads each column of the types with its kind and nullability', () => {
    expect(declared.get('users')?.get('email_address')).toEqual({ kind: 'string', nullable: true });
    expect(declared.get('users')?.get('roles')).toEqual({ kind: 'string[]', nullable: false });
    expect(declared.get('exam_attempts')?.get('deadline_at')).toEqual({ kind: 'date', nullable: false });
    expect(declared.get('recovery_tokens')?.get('channel')).toEqual({ kind: 'string', nullable: false });
    expect(declared.size).toBeGreaterThan(10);
  });

  it('describes every table and column of the migrated schema, with its nullability and kind', async () => {
    expect(await driftOf(declared)).toEqual([]);
  });

  it('names what a migration changed that the types do not describe', async () => {
    await database.pool.query('alter table users add column nickname text');
    await database.pool.query('alter table users alter column phone_number set not null');
    await database.pool.query('alter table rate_limits alter column hits type text');
    await database.pool.query('create table notices (id uuid primary key)');
    try {
      expect((await driftOf(declared)).sort()).toEqual(
        [
          'users.nickname is in the database but not in the types',
          'users.phone_number is not null in the database but typed nullable',
          'rate_limits.hits holds string in the database but is typed number',
          'table notices is in the database but not in Database',
        ].sort(),
      );
    } finally {
      await database.pool.query('drop table notices');
      await database.pool.query('alter table rate_limits alter column hits type integer using hits::integer');
      await database.pool.query('alter table users alter column phone_number drop not null');
      await database.pool.query('alter table users drop column nickname');
    }
  });
});

/** The shared list each column's CHECK constraint must allow exactly (server/db/types.ts derives its unions from them). */
const SHARED_LISTS: Record<string, readonly string[]> = {
  'assets.kind': ASSET_KINDS,
  'assets.access_mode': accessModeSchema.options,
  'assets.state': PROCESS_STATES,
  'queue_items.state': QUEUE_ITEM_STATES,
  'queue_settings.state': QUEUE_STATES,
  'subscriptions.free_mode': FREE_MODES,
  'subscriptions.mode': SUBSCRIPTION_MODES,
  'coupons.discount_type': DISCOUNT_TYPES,
  'coupon_scopes.target_type': COUPON_TARGET_TYPES,
  'orders.status': ORDER_STATUSES,
  'orders.mode': ORDER_MODES,
  'orders.resource_type': RESOURCE_TYPES,
  'invoices.kind': DOCUMENT_KINDS,
  'push_notifications.target_type': TARGET_TYPES,
  'exams.template_id': TEMPLATE_IDS,
  'exams.exam_type': EXAM_TYPES,
  'entitlements.resource_type': RESOURCE_TYPES,
  'resumable_uploads.kind': ASSET_KINDS,
  'resumable_uploads.access_mode': accessModeSchema.options,
};

/** `CHECK ((kind = ANY (ARRAY['image'::text, 'video'::text])))`, as PostgreSQL prints `kind in ('image', 'video')`. */
const VALUE_LIST_CHECK = /^CHECK \(\(\(?(\w+)\)?(?:::\w+)? = ANY \(\(?ARRAY\[(.*)\](?:\)::[\w ]+\[\])?\)\)\)(?: NOT VALID)?$/;

/** Each column's allowed values, from the CHECK constraints that list them. */
async function checkedValues(): Promise<Map<string, string[]>> {
  const rows = await database.pool.query<{ table_name: string; definition: string }>(`
    select rel.relname as table_name, pg_get_constraintdef(con.oid) as definition
    from pg_constraint con
    join pg_class rel on rel.oid = con.conrelid
    join pg_namespace ns on ns.oid = rel.relnamespace
    where con.contype = 'c' and ns.nspname = 'public'
    order by rel.relname, con.conname`);
  const checked = new Map<string, string[]>();
  for (const row of rows.rows) {
    const match = VALUE_LIST_CHECK.exec(row.definition);
    if (!match) continue;
    const values = [...match[2]!.matchAll(/'((?:[^']|'')*)'::/g)].map((value) => value[1]!.replaceAll("''", "'"));
    checked.set(`${row.table_name}.${match[1]}`, values);
  }
  return checked;
}

async function checkDrift(): Promise<string[]> {
  const checked = await checkedValues();
  const problems: string[] = [];
  for (const [column, list] of Object.entries(SHARED_LISTS)) {
    const allowed = checked.get(column);
    if (!allowed) {
      problems.push(`${column} has no CHECK constraint listing its values`);
      continue;
    }
    const missing = list.filter((value) => !allowed.includes(value));
    const extra = allowed.filter((value) => !list.includes(value));
    if (missing.length > 0) problems.push(`${column} does not allow ${missing.join(', ')}, which its shared list holds`);
    if (extra.length > 0) problems.push(`${column} allows ${extra.join(', ')}, which its shared list does not hold`);
  }
  return problems;
}

describe('CHECK constraints of the migrated schema', () => {
  it('reads the values each CHECK constraint allows', async () => {
    const checked = await checkedValues();
    expect(checked.get('queue_settings.state')).toEqual(['RUNNING', 'STOPPED']);
    expect(checked.get('recovery_tokens.channel')).toEqual(['email', 'phone']);
  });

  it('allow exactly the values of the shared lists', async () => {
    expect(await checkDrift()).toEqual([]);
  });

  it('names a column whose CHECK constraint a migration changed', async () => {
    const constraint = await database.pool.query<{ conname: string; definition: string }>(`
      select conname, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'queue_settings'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%RUNNING%'`);
    const { conname, definition } = constraint.rows[0]!;
    await database.pool.query(`alter table queue_settings drop constraint ${conname}`);
    await database.pool.query(`alter table queue_settings add constraint ${conname} check (state in ('RUNNING', 'PAUSED')) not valid`);
    try {
      expect(await checkDrift()).toEqual([
        'queue_settings.state does not allow STOPPED, which its shared list holds',
        'queue_settings.state allows PAUSED, which its shared list does not hold',
      ]);
    } finally {
      await database.pool.query(`alter table queue_settings drop constraint ${conname}`);
      await database.pool.query(`alter table queue_settings add constraint ${conname} ${definition}`);
    }
  });
});
