import { readFileSync } from 'node:fs';
import https from 'node:https';

/** A call to the push-service stand-in's control routes (it speaks HTTPS with its own certificate). */
export function pushStandIn<T>(path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    https
      .get(`${process.env.E2E_PUSH_URL}${path}`, { ca: readFileSync(process.env.E2E_PUSH_CA_FILE!, 'utf8') }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve(JSON.parse(text) as T));
      })
      .on('error', reject);
  });
}
