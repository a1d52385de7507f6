import type { Config } from '../server/config.ts';
import type { Db } from '../server/db/database.ts';
import type { Transports } from '../server/messages/transports.ts';
import type { Storage } from '../server/assets/storage/storage.ts';

/** What the tasks use; the same whether they run inside the server or in `npm run worker`. */
export interface WorkerDeps {
  db: Db;
  config: Config;
  transports: Transports;
  storage: Storage;
}
