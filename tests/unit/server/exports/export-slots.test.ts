import { describe, expect, it } from 'vitest';
import { EXPORTS_BUSY_MESSAGE, EXPORTS_PER_ACCOUNT_MESSAGE, ExportSlots } from '../../../../server/exports/export-slots.ts';

const never = new Promise<void>(() => {});

describe('ExportSlots', () => {
  it('refuses an account its slots beyond its share at once, and gives them back when released', async () => {
    const slots = new ExportSlots(3, 2, 1_000);
    const first = await slots.take('anitha', never);
    await slots.take('anitha', never);
    await expect(slots.take('anitha', never)).rejects.toMatchObject({ type: 'rate-limited', message: EXPORTS_PER_ACCOUNT_MESSAGE, retryAfterSeconds: 10 });
    first();
    first();
    await expect(slots.take('anitha', never)).resolves.toBeTypeOf('function');
  });

  it('hands a released slot to the first waiting, never to a newcomer first', async () => {
    const slots = new ExportSlots(1, 2, 5_000);
    const release = await slots.take('a', never);
    const order: string[] = [];
    const waiting = slots.take('b', never).then((next) => {
      order.push('b');
      return next;
    });
    release();
    const newcomer = slots.take('c', never).then((next) => {
      order.push('c');
      return next;
    });
    (await waiting)();
    (await newcomer)();
    expect(order).toEqual(['b', 'c']);
  });

  it('refuses with 503 after waiting its time, and stops waiting when the client leaves', async () => {
    const slots = new ExportSlots(1, 2, 50);
    await slots.take('a', never);
    await expect(slots.take('b', never)).rejects.toMatchObject({ type: 'unavailable', message: EXPORTS_BUSY_MESSAGE, retryAfterSeconds: 60 });
    let leave!: () => void;
    const gone = new Promise<void>((resolve) => (leave = resolve));
    const patient = new ExportSlots(1, 2, 60_000);
    await patient.take('a', never);
    const waiting = patient.take('b', gone);
    leave();
    await expect(waiting).rejects.toMatchObject({ type: 'unavailable' });
    // Neither left a count behind: b may take two slots' worth of turns again.
    await expect(slots.take('b', never)).rejects.toMatchObject({ type: 'unavailable' });
  });
});
