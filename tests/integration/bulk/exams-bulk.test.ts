import { describe, expect, it } from 'vitest';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createFreeRateCard, createPublishedExam, questionGroup } from '../../support/exam-factory.ts';

const harness = useApp();
const asAdmin = harness.injectAs('admin');
const BULK = '/api/admin/exams/bulk';

/** A hidden exam that would be published once visible. */
async function readyExam(title: string, templateId = 'regular'): Promise<string> {
  const rateCard = await createFreeRateCard(harness.db, `${title} card`);
  const { id } = await createPublishedExam(
    harness.app,
    harness.cookie('admin'),
    { title, isVisible: false, masterSubscription: rateCard, questionGroups: [questionGroup(2)] },
    templateId,
  );
  return id;
}

async function blankExam(title: string): Promise<string> {
  return (await asAdmin('POST', '/api/admin/exams', { title, templateId: 'regular' })).json()._id as string;
}

const read = async (id: string) => (await asAdmin('GET', `/api/admin/exams/details/${id}`)).json();

describe('bulk actions on exams', () => {
  it('publishes the exams it may through their save, refuses one its warnings keep offline, and leaves that one unchanged', async () => {
    const ready = await readyExam('Bulk mock 1');
    const blank = await blankExam('Bulk mock 2');
    const before = await read(blank);
    const answer = (await asAdmin('POST', BULK, { action: 'publish', ids: [ready, blank] })).json();
    expect(answer).toMatchObject({ done: 1, refused: 1, missing: 0 });
    const refused = answer.results.find((row: { id: string }) => row.id === blank);
    expect(refused.message).toBe(`The exam stays offline: ${before.publishWarnings.join('; ')}`);
    expect(await read(ready)).toMatchObject({ isVisible: true, isPublished: true });
    expect(await read(blank)).toMatchObject({ isVisible: false, version: before.version });
    // Retried: nothing more is saved.
    const version = (await read(ready)).version;
    expect((await asAdmin('POST', BULK, { action: 'publish', ids: [ready] })).json().results[0]).toMatchObject({
      outcome: 'done',
      message: 'Already published',
    });
    expect((await read(ready)).version).toBe(version);
  });

  it('unpublishes and deletes; an exam on a lecture is refused with the reason the single delete gives', async () => {
    const ready = await readyExam('Bulk revision 1');
    await asAdmin('POST', BULK, { action: 'publish', ids: [ready] });
    expect((await asAdmin('POST', BULK, { action: 'unpublish', ids: [ready] })).json()).toMatchObject({ done: 1 });
    expect(await read(ready)).toMatchObject({ isVisible: false, isPublished: false });

    const offered = await blankExam('Bulk offered');
    const lecture = (await asAdmin('POST', '/api/admin/lecture', { title: 'Bulk lecture with a quiz' })).json()._id as string;
    await asAdmin('PUT', `/api/admin/lecture/${lecture}`, { value: { title: 'Bulk lecture with a quiz', exams: [offered] } });
    const deleted = (await asAdmin('POST', BULK, { action: 'delete', ids: [ready, offered] })).json();
    expect(deleted).toMatchObject({ done: 1, refused: 1 });
    expect(deleted.results.find((row: { id: string }) => row.id === offered).message).toBe(
      'This exam cannot be deleted: It is offered with the lecture “Bulk lecture with a quiz”',
    );
    expect((await asAdmin('GET', `/api/admin/exams/details/${ready}`)).statusCode).toBe(404);
  });

  it("resolves 'matching' with the list's template tab and title filter", async () => {
    const mock = await readyExam('Zircon weekly 1', 'mock-test');
    const regular = await readyExam('Zircon weekly 2', 'regular');
    const answer = (await asAdmin('POST', BULK, { action: 'publish', matching: { title: 'zircon', templateId: 'mock-test' } })).json();
    expect(answer.results.map((row: { id: string }) => row.id)).toEqual([mock]);
    expect((await read(regular)).isPublished).toBe(false);
    const listed = (await asAdmin('GET', '/api/admin/exams')).json() as Array<{ _id: string; title: string }>;
    const both = (await asAdmin('POST', BULK, { action: 'unpublish', matching: { title: 'ZIRCON' } })).json();
    expect(both.results.map((row: { id: string }) => row.id)).toEqual(
      listed
        .filter((exam) => exam.title.toLowerCase().includes('zircon'))
        .map((exam) => exam._id)
        .sort(),
    );
  });

  it('refuses a bad template or action with 400 naming the field, and callers without the screen', async () => {
    const id = await blankExam('Bulk guarded');
    expect((await asAdmin('POST', BULK, { action: 'publish', matching: { templateId: 'nope' } })).json().field).toBe('matching.templateId');
    expect((await asAdmin('POST', BULK, { action: 'hide', ids: [id] })).json().field).toBe('action');
    await createUser(harness.db, { email: 'bulk-educator@example.com', roles: ['educator'] });
    const educator = harness.injectWith(await harness.signIn('bulk-educator@example.com'));
    expect((await educator('POST', BULK, { action: 'delete', ids: [id] })).statusCode).toBe(403);
    expect((await asAdmin('GET', `/api/admin/exams/details/${id}`)).statusCode).toBe(200);
  });

  it('applies two concurrent publishes of the same exams once', async () => {
    const ids = [await readyExam('Bulk twin 1'), await readyExam('Bulk twin 2')];
    const versions = await Promise.all(ids.map(async (id) => (await read(id)).version as number));
    const answers = await Promise.all([asAdmin('POST', BULK, { action: 'publish', ids }), asAdmin('POST', BULK, { action: 'publish', ids })]);
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    for (const [index, id] of ids.entries()) expect(await read(id)).toMatchObject({ isPublished: true, version: versions[index]! + 1 });
  });
});
