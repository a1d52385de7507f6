import { createHash } from 'node:crypto';
import { sql, type CompiledQuery, type QueryResult, type RawBuilder } from 'kysely';
import pg from 'pg';

/**
 * Statements run on every exam start, autosave and submit (and every course read) are sent as named
 * prepared statements: PostgreSQL parses and plans each once per connection instead of on every call,
 * which is most of what a short statement costs it. A repository names a statement with runNamed; the
 * pool's clients (NamingClient) then send that text by its name, on the pool or in a transaction alike.
 *
 * - A named statement lists its columns: a result of `*` would fail on a prepared statement once a
 *   migration adds a column while the server runs ("cached plan must not change result type"), so such
 *   a text is run unnamed.
 * - At most MAX_NAMED_STATEMENTS texts are named (each connection keeps their plans); past it, a new
 *   text runs unnamed.
 */
export const MAX_NAMED_STATEMENTS = 200;

const namesByText = new Map<string, string>();

/** `select *`, `returning *` or `"table".*`: a result whose columns follow the table's. */
const WHOLE_ROW = /\b(select|returning)\s+\*|\.\*/i;

/** Marks `text` to be sent as a prepared statement; answers the name it is sent by (undefined: sent unnamed). */
export function nameStatement(label: string, text: string): string | undefined {
  const known = namesByText.get(text);
  if (known || WHOLE_ROW.test(text) || namesByText.size >= MAX_NAMED_STATEMENTS) return known;
  // The text's digest is in the name: two texts under one label (a builder's variants) never share a name.
  const name = `${label}:${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
  namesByText.set(text, name);
  return name;
}

/** The name `text` is sent by, when it is a named statement. */
export function statementName(text: string): string | undefined {
  return namesByText.get(text);
}

/** Something Kysely compiles: a query builder, or a raw `sql` query compiled against an executor. */
interface Runner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Runs a compiled query as the named statement `label` on `db` (the pool or a transaction). */
export function runNamed<Row>(db: Runner, label: string, compiled: CompiledQuery<Row>): Promise<QueryResult<Row>> {
  nameStatement(label, compiled.sql);
  return db.executeQuery(compiled);
}

/**
 * An array parameter of a batched statement, as `(select $n::type[])`: PostgreSQL then plans the
 * statement once per connection (a generic plan) rather than on every call. Given the array itself,
 * the planner sees its length when it plans for the values and each such plan looks cheaper than the
 * generic one, so it planned every call anew, which cost a batch of one more than the work itself.
 * Behind a sub-select the length is unknown to both plans, which then cost the same.
 */
export function arrayParameter(values: readonly unknown[], type: 'uuid' | 'text' | 'int' | 'bigint' | 'jsonb' | 'timestamptz' | 'bytea'): RawBuilder<unknown> {
  return sql`(select ${values}::${sql.raw(type)}[])`;
}

/** The same, in the text of a statement sent through pg's own query call: `(select $n::type[])`. */
export function arrayParameterText(position: number, type: 'uuid' | 'bytea'): string {
  return `(select $${position}::${type}[])`;
}

type QueryArgs = Parameters<pg.Client['query']>;

/** pg's client, sending a named statement's text by its name (parsed and planned once per connection). */
export class NamingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? namesByText.get(text) : undefined;
    const query = super.query.bind(this) as (...a: unknown[]) => never;
    if (name) return query({ name, text, values }, ...rest);
    return query(...(args as QueryArgs));
  }
}
