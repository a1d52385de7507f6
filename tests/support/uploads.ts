import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Request } from './app-harness.ts';
import { multipartBody } from './multipart.ts';

/** Uploads a file from disk as a private asset, as the console does, and answers its id. */
export async function uploadFile(request: Request, file: string, name: string): Promise<string> {
  const body = multipartBody([{ fileName: name, content: await readFile(file) }]);
  const response = await request('POST', '/api/assets/private', body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id;
}
