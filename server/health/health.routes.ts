import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import type { Db } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { AppError } from '../errors.ts';
import { pingDatabase } from './health.repository.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/healthz',
    { config: { public: true }, schema: { tags: ['health'], summary: 'The process is alive', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  let migrationsCurrent = false;
  app.get(
    '/readyz',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'The database answers and every migration is applied',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorBodySchema },
      },
    },
    async () => {
      try {
        await pingDatabase(db);
      } catch {
        throw new AppError('unavailable', 'The database is not reachable');
      }
      if (!migrationsCurrent) {
        const pending = await pendingMigrations(db);
        if (pending.length > 0) throw new AppError('unavailable', `Migrations not applied yet: ${pending.join(', ')}`);
        migrationsCurrent = true;
      }
      return { status: 'ready' as const };
    },
  );
};
