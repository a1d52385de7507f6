import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A body the API must refuse, the message it must answer and the field it must name. */
export type Refusal = [body: Record<string, unknown>, message: string, field: string];

/** Sends each body and expects a 400 answer with its message and field, labelled with the body. */
export async function expectRefusals(send: (body: Record<string, unknown>) => Promise<LightMyRequestResponse>, cases: Refusal[]): Promise<void> {
  for (const [body, message, field] of cases) {
    const answer = await send(body);
    const label = JSON.stringify(body).slice(0, 200);
    expect(answer.statusCode, label).toBe(400);
    expect(answer.json(), label).toMatchObject({ message, field });
  }
}
