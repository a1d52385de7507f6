import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { createStorage } from '../../server/assets/storage/index.ts';
import { openDatabase } from '../../server/db/database.ts';

/**
 * The API's OpenAPI document as the server answers it at /api/openapi.json, built without a
 * database: the app is assembled with a pool that never connects (registering routes runs no query).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'openapi-document-only-secret-of-32-characters',
    DATA_DIR: path.join(os.tmpdir(), 'psc-openapi-document'),
    LOG_LEVEL: 'silent',
  });
  const database = openDatabase('postgres://nobody@127.0.0.1:1/none', 1);
  const app = await buildApp({ config, ...database, storage: createStorage(config), logger: false, consoleDir: null });
  try {
    await app.ready();
    return (await app.inject('/api/openapi.json')).json();
  } finally {
    await app.close();
    await database.close();
  }
}
