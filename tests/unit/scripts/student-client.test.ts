import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../scripts/openapi/build-document.ts';
import { generateStudentClient, staleStudentClientFiles, studentDocument } from '../../../scripts/openapi/student-client.ts';

let generated: Map<string, string>;
beforeAll(async () => {
  generated = await generateStudentClient();
});

describe('the student client in clients/student-api', () => {
  it('is what the routes generate now (run npm run api:client after changing a student route)', async () => {
    expect(await staleStudentClientFiles(generated)).toEqual([]);
  });

  it('names the committed file that differs, and a missing one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'student-client-'));
    try {
      await writeFile(path.join(dir, 'openapi.json'), generated.get('openapi.json')!);
      await writeFile(path.join(dir, 'schema.d.ts'), `${generated.get('schema.d.ts')!}// edited by hand\n`);
      expect(await staleStudentClientFiles(generated, dir)).toEqual([path.relative(process.cwd(), path.join(dir, 'schema.d.ts'))]);
      await rm(path.join(dir, 'openapi.json'));
      expect(await staleStudentClientFiles(generated, dir)).toHaveLength(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('comes from a document that is the same on every build (no generated ids as defaults)', async () => {
    expect(JSON.stringify(await buildOpenApiDocument())).toBe(JSON.stringify(await buildOpenApiDocument()));
  });

  it('holds the student operations, the file reads and the components they need, not the console routes', () => {
    const document = JSON.parse(generated.get('openapi.json')!) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    const urls = Object.keys(document.paths);
    expect(urls).toEqual(expect.arrayContaining(['/api/auth/login', '/api/student/courses', '/api/student/orders/{id}/invoice', '/api/push/vapid-public-key']));
    expect(urls.filter((url) => !/^\/api\/(auth|student|push|assets)\//.test(url))).toEqual([]);
    expect(Object.keys(document.paths['/api/assets/{id}']!)).toEqual(['get']);
    expect(Object.keys(document.components.schemas)).toContain('Error');
    expect(generated.get('schema.d.ts')).toContain('"/api/student/lectures/{lectureId}/playback"');
  });
});

describe('studentDocument', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const document = {
    openapi: '3.1.0',
    components: {
      securitySchemes: { session: { type: 'apiKey' } },
      schemas: { Admin: { type: 'object' }, Error: { type: 'object' }, Page: { type: 'object', properties: { items: ref('Row') } }, Row: { type: 'string' } },
    },
    paths: {
      '/api/admin/users': { get: { responses: { 200: ref('Admin') } } },
      '/api/student/things': { get: { responses: { 200: ref('Page'), 400: ref('Error') } } },
      '/api/assets/{id}': { get: { responses: {} }, delete: { responses: {} } },
    },
  };

  it('keeps the student paths, the reads of files and the components they refer to, through other components', () => {
    expect(studentDocument(document)).toEqual({
      openapi: '3.1.0',
      components: {
        securitySchemes: { session: { type: 'apiKey' } },
        schemas: { Error: { type: 'object' }, Page: document.components.schemas.Page, Row: { type: 'string' } },
      },
      paths: { '/api/student/things': document.paths['/api/student/things'], '/api/assets/{id}': { get: { responses: {} } } },
    });
  });

  it('refuses a reference to a component the document does not hold', () => {
    expect(() => studentDocument({ paths: { '/api/student/x': { get: { responses: { 200: ref('Missing') } } } } })).toThrow('#/components/schemas/Missing');
  });
});
