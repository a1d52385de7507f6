import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_MESSAGES } from '../../../shared/lectures/lecture-collection.schema.ts';
import { createUser } from '../../support/test-app.ts';
import { useApp } from '../../support/app-harness.ts';
import { createRateCard } from '../../support/factories/course.ts';

const harness = useApp({ roles: ['admin', 'manager', 'staff', 'marketing'] });
const asAdmin = harness.injectAs('admin');
const asManager = harness.injectAs('manager');
const asNobody = harness.injectAs('nobody');
let student: string;

beforeAll(async () => {
  await createUser(harness.db, { email: 'learner@example.com', name: 'Learner' });
  student = await harness.signIn('learner@example.com');
});

async function lecture(title: string) {
  return (await asAdmin('POST', '/api/admin/lecture', { title })).json()._id as string;
}

const collection = async () =>
  (await asAdmin('GET', '/api/admin/custom-lectures')).json() as {
    title: string;
    lectureIds: string[];
    lecturesMetaData: Array<{ _id: string; title: string; isPublished: boolean; notesCount: number }>;
  };
const add = (id: string) => asAdmin('POST', `/api/admin/lecture/add/lecture-collection/${id}`);
const remove = (id: string) => asAdmin('POST', `/api/admin/lecture/remove/lecture-collection/${id}`);
const reorder = (ids: string[]) =>
  asAdmin('POST', '/api/admin/lecture/update/lecture-collection/order', { lecturesMetaData: ids.map((_id) => ({ _id, title: 'ignored' })) });

async function emptyCollection() {
  for (const id of (await collection()).lectureIds) await remove(id);
}

describe('the custom lecture collection', () => {
  it('adds lectures at the end (twice is once), moves and removes them, and renames the collection', async () => {
    await emptyCollection();
    const [a, b, c] = [await lecture('Rivers'), await lecture('Mountains'), await lecture('Lakes')];
    for (const id of [a, b, c, b]) expect((await add(id!)).statusCode).toBe(200);
    let current = await collection();
    expect(current.title).toBe('Custom Lectures');
    expect(current.lectureIds).toEqual([a, b, c]);
    expect(current.lecturesMetaData.map((row) => row.title)).toEqual(['Rivers', 'Mountains', 'Lakes']);
    expect(current.lecturesMetaData[0]).toMatchObject({ isPublished: false, notesCount: 0 });

    const moved = await reorder([c!, a!, b!]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().lectureIds).toEqual([c, a, b]);
    expect((await remove(a!)).json().lectureIds).toEqual([c, b]);
    // Removing one that is not in it changes nothing.
    expect((await remove(a!)).json().lectureIds).toEqual([c, b]);
    expect((await add(a!)).json().lectureIds).toEqual([c, b, a]);

    const renamed = await asAdmin('POST', '/api/admin/lecture/update/lecture-collection/title', { title: '  Free classes  ' });
    expect(renamed.json().title).toBe('Free classes');
    current = await collection();
    expect(current.title).toBe('Free classes');
  });

  it('refuses a blank title, an unknown lecture, and an order that is not exactly the collection', async () => {
    await emptyCollection();
    const [a, b] = [await lecture('One'), await lecture('Two')];
    await add(a!);
    await add(b!);
    const blank = await asAdmin('POST', '/api/admin/lecture/update/lecture-collection/title', { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: COLLECTION_MESSAGES.titleRequired, field: 'title' });
    const long = await asAdmin('POST', '/api/admin/lecture/update/lecture-collection/title', { title: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);

    const unknown = await add('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Lecture not found');
    expect((await add('not-an-id')).statusCode).toBe(400);

    // A lecture missing (someone added one since this copy was loaded), one extra, one twice.
    const missing = await reorder([b!]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(COLLECTION_MESSAGES.changed);
    const stranger = await lecture('Not in it');
    expect((await reorder([b!, a!, stranger])).statusCode).toBe(409);
    const twice = await reorder([b!, b!]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ message: COLLECTION_MESSAGES.repeated, field: 'lecturesMetaData' });
    expect((await collection()).lectureIds).toEqual([a, b]);
  });

  it('keeps every lecture once when staff add, remove and reorder at the same time', async () => {
    await emptyCollection();
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => lecture(`Parallel ${i}`)));
    const answers = await Promise.all(ids.flatMap((id) => [add(id), add(id)]));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    let current = await collection();
    expect(new Set(current.lectureIds)).toEqual(new Set(ids));
    expect(current.lectureIds).toHaveLength(12);
    // A reorder made from the full list races removals: it either wins first, or is refused; nothing comes back.
    const reversed = [...current.lectureIds].reverse();
    const [order, ...removals] = await Promise.all([reorder(reversed), remove(ids[0]!), remove(ids[1]!)]);
    expect([200, 409]).toContain(order.statusCode);
    expect(removals.every((answer) => answer.statusCode === 200)).toBe(true);
    current = await collection();
    expect(current.lectureIds).toHaveLength(10);
    expect(current.lectureIds).not.toContain(ids[0]);
    const positions = await harness.db.selectFrom('lecture_collection_items').select('position').orderBy('position').execute();
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('shows the lecture editor the check, and refuses deleting a lecture in the collection', async () => {
    await emptyCollection();
    const id = await lecture('Kept in the collection');
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().inCustomCollection).toBe(false);
    await add(id);
    expect((await asAdmin('GET', `/api/admin/lecture/${id}`)).json().inCustomCollection).toBe(true);
    const refused = await asAdmin('DELETE', `/api/admin/lecture/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'has-warnings', warnings: ['It is in the custom lecture collection: remove it there first'] });
    await remove(id);
    expect((await asAdmin('DELETE', `/api/admin/lecture/${id}`)).statusCode).toBe(200);
  });

  it('is for administrators and managers: staff and marketing are refused', async () => {
    expect((await asManager('GET', '/api/admin/custom-lectures')).statusCode).toBe(200);
    for (const cookie of [harness.cookie('staff'), harness.cookie('marketing'), student]) {
      expect((await harness.injectWith(cookie)('GET', '/api/admin/custom-lectures')).statusCode).toBe(403);
      expect((await harness.injectWith(cookie)('POST', '/api/admin/lecture/update/lecture-collection/title', { title: 'Mine' })).statusCode).toBe(403);
    }
  });

  it('gives students the published lectures in order, with whether each may be watched', async () => {
    await emptyCollection();
    const [free, paid, hidden] = [await lecture('Free lesson'), await lecture('Paid lesson'), await lecture('Hidden lesson')];
    const card = await createRateCard(harness.db, { title: 'Geography pack' });
    await harness.db.updateTable('lectures').set({ is_published: true, is_visible: true }).where('id', 'in', [free!, paid!]).execute();
    await harness.db.updateTable('lectures').set({ master_subscription_id: card }).where('id', '=', paid!).execute();
    for (const id of [paid!, hidden!, free!]) await add(id);
    const answer = await harness.injectWith(student)('GET', '/api/student/custom-lectures');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().items.map((row: { title: string; canWatch: boolean }) => [row.title, row.canWatch])).toEqual([
      ['Paid lesson', false],
      ['Free lesson', true],
    ]);
    expect((await asNobody('GET', '/api/student/custom-lectures')).statusCode).toBe(401);
  });
});
