import { describe, expect, it } from 'vitest';
import { CURRENT_AFFAIR_WARNINGS } from '../../../shared/current-affairs/current-affairs.schema.ts';
import { multipartBody, TINY_PDF, TINY_PNG } from '../../support/multipart.ts';
import { useApp } from '../../support/app-harness.ts';
import { UNKNOWN_ID } from '../../support/ids.ts';

const harness = useApp({ roles: ['admin', 'marketing'] });
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/current-affairs/bulk';

async function upload(accessMode: 'public' | 'private', fileName: string, content: Buffer, contentType: string): Promise<string> {
  const body = multipartBody([{ fileName, content, contentType }]);
  const response = await asAdmin('POST', `/api/assets/${accessMode}`, body.payload, body.headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0]._id as string;
}

/** A hidden post for the date; a ready one has its cover art and PDF, so only its switch keeps it offline. */
async function post(date: string, ready = false): Promise<string> {
  const id = (await asAdmin('POST', '/api/admin/current-affairs', { title: date })).json()._id as string;
  if (ready) {
    const value = {
      title: date,
      bannerImageId: await upload('public', 'cover.png', TINY_PNG, 'image/png'),
      pdfFileId: await upload('private', 'post.pdf', TINY_PDF, 'application/pdf'),
    };
    const saved = await asAdmin('PUT', `/api/admin/current-affairs/${id}`, { value });
    expect(saved.json(), saved.body).toMatchObject({ isPublished: false, publishWarnings: [] });
  }
  return id;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/current-affairs/${id}`)).json();

describe('bulk actions on current affairs', () => {
  it('publishes the posts it may, refuses one without its files naming them, and names posts by their date', async () => {
    const ready = await post('2031-02-01', true);
    const bare = await post('2031-02-02');
    const before = await read(bare);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', ids: [bare, ready, UNKNOWN_ID] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 1 });
    expect(answer.results).toEqual(
      expect.arrayContaining([
        { id: ready, title: '1 Feb 2031', outcome: 'done' },
        {
          id: bare,
          title: '2 Feb 2031',
          outcome: 'refused',
          message: `The post stays offline: ${CURRENT_AFFAIR_WARNINGS.noPdf}; ${CURRENT_AFFAIR_WARNINGS.noCoverImage}`,
        },
      ]),
    );
    expect(await read(ready)).toMatchObject({ isVisible: true, isPublished: true, title: '2031-02-01' });
    expect(await read(bare)).toMatchObject({ isVisible: false, version: before.version });
    const hidden = (await asAdmin('POST', BULK, { action: 'unpublish', ids: [ready] })).json();
    expect(hidden).toMatchObject({ done: 1, refused: 0 });
    expect(await read(ready)).toMatchObject({ isVisible: false, isPublished: false });
  });

  it('acts on every post both filters match, as the list filters them (date either way, PDF Uploaded)', async () => {
    const withPdf = [await post('2032-03-04', true), await post('2032-03-05', true)];
    const noPdf = await post('2032-03-06');
    const otherMonth = await post('2032-04-04', true);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { title: 'mar 2032', pdfUploaded: 'YES' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([...withPdf].sort());
    expect((await read(noPdf)).isVisible).toBe(false);
    expect((await read(otherMonth)).isVisible).toBe(false);
    const deleted = (await asAdmin('POST', BULK, { action: 'delete', matching: { title: '2032-03' } })).json();
    expect(deleted).toMatchObject({ done: 3, refused: 0 });
    expect((await asAdmin('GET', `/api/admin/current-affairs/${noPdf}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/admin/current-affairs/${otherMonth}`)).statusCode).toBe(200);
  });

  it('refuses a bad body with 400 naming the field (a column the list does not filter too), and callers without the screen', async () => {
    const id = await post('2033-05-01');
    const cases: Array<[unknown, string]> = [
      [{ action: 'archive', ids: [id] }, 'action'],
      [{ action: 'delete', ids: [] }, 'ids'],
      [{ action: 'delete', matching: { status: 'Published' } }, 'matching'],
      [{ action: 'delete', matching: { pdfUploaded: ['Yes'] } }, 'matching.pdfUploaded'],
    ];
    for (const [body, field] of cases) {
      const response = await asAdmin('POST', BULK, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await harness.injectAs('marketing')('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await asAdmin('GET', `/api/admin/current-affairs/${id}`)).statusCode).toBe(200);
  });

  it('deletes each post once when two requests cross, without a 5xx', async () => {
    const ids = [await post('2034-06-01'), await post('2034-06-02')];
    const answers = await Promise.all([asAdmin('POST', BULK, { action: 'delete', ids }), asAdmin('POST', BULK, { action: 'delete', ids: [...ids].reverse() })]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(answers[0].json().done + answers[1].json().done).toBe(2);
    expect(answers[0].json().missing + answers[1].json().missing).toBe(2);
  });
});
