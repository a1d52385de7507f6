import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { emptyTimings, openApp, takeExam, type Phone, type StudentsPlan } from './exam-students.ts';

/**
 * One thread of the live mock test's students (see exam-students.ts). Messages: it posts `opened`
 * once its students have opened the app, waits for `go` with the start window's opening (ms since
 * the epoch, the same on every thread), and posts `done` with its timings.
 */
const plan = workerData as StudentsPlan;
const port = parentPort!;
const timings = emptyTimings();
const phones: Phone[] = plan.cookies.map((cookie) => ({ cookie, connection: new http.Agent({ keepAlive: true }) }));

const openingBegan = performance.now();
await Promise.all(phones.map((phone) => openApp(plan, phone, timings, openingBegan)));
const windowOpenedAt = await new Promise<number>((resolve) => {
  port.once('message', (message: { type: 'go'; windowOpenedAt: number }) => resolve(message.windowOpenedAt));
  port.postMessage({ type: 'opened' });
});
const windowOpened = windowOpenedAt - performance.timeOrigin;
await Promise.all(phones.map((phone) => takeExam(plan, phone, timings, windowOpened)));
for (const phone of phones) phone.connection.destroy();
port.postMessage({ type: 'done', timings });
