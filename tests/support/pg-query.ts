import pg from 'pg';

/** The rows of one statement run on a connection of its own to `url`, closed afterwards. */
export async function queryOnce(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
