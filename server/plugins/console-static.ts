import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '../../shared/http/errors.ts';
import { AppError } from '../errors.ts';

const API_PREFIXES = ['/api/', '/trpc/', '/v2/', '/healthz', '/readyz'];

/**
 * Serves the built console, with every client-side route falling back to index.html.
 * API paths that match nothing answer a JSON 404, or 405 with `Allow` when the path takes other methods.
 */
async function consoleStatic(app: FastifyInstance, options: { dir: string | null }): Promise<void> {
  const dir = options.dir && existsSync(path.join(options.dir, 'index.html')) ? options.dir : null;
  if (dir) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed build files never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix) || url === prefix.replace(/\/$/, ''));
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const allowed = app.allowedMethods(request.url);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const refused = new AppError('method-not-allowed', `This address does not take ${request.method}: it takes ${allowed.join(', ')}`);
        return reply.code(refused.statusCode).header('allow', allowed.join(', ')).send(refused.toBody());
      }
      return reply.code(404).send({ message: 'Not found', type: 'not-found' } satisfies ErrorBody);
    }
    if (!dir) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The console has not been built yet. Run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', dir);
  });
}

export default fp(consoleStatic, { name: 'console-static', dependencies: ['allowed-methods'] });
