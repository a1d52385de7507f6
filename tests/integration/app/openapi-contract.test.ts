import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/http/errors.schema.ts';
import { useApp, type Method } from '../../support/app-harness.ts';

interface Parameter {
  in: string;
  name: string;
  schema?: { format?: string; enum?: string[] };
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}
interface Call {
  method: Method;
  url: string;
  operation: Operation;
}

/**
 * Student operations whose statuses their own routes are still documenting (they have no response
 * schema yet): their answers are held to the error shape and headers, not yet to the documented
 * statuses. Empty it as they are documented.
 */
/** Answers that end the caller's session are walked last, so the others still have one. */
const ENDS_SESSION = new Set(['getAuthLogout', 'postAuthLogout']);

const harness = useApp({ roles: ['student'] });

/** The document's path with each parameter filled: a valid-looking value, or a wrong one. */
function urlOf(path: string, parameters: Parameter[], wrong: boolean): string {
  return path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = parameters.find((candidate) => candidate.in === 'path' && candidate.name === name);
    if (wrong) return parameter?.schema?.format === 'uuid' || parameter?.schema?.enum ? 'not-valid' : 'x'.repeat(300);
    if (parameter?.schema?.format === 'uuid') return randomUUID();
    return parameter?.schema?.enum?.[0] ?? 'unknown';
  });
}

async function operationsOfDocument(): Promise<Call[]> {
  const document = (await harness.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, Operation>> };
  const calls = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase() as Method, url, operation })),
  );
  return [...calls.filter((call) => !ENDS_SESSION.has(call.operation.operationId)), ...calls.filter((call) => ENDS_SESSION.has(call.operation.operationId))];
}

function problemsOf(call: Call, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const name = `${call.method} ${call.url} (${call.operation.operationId}) answered ${response.statusCode}`;
  if (!(String(response.statusCode) in call.operation.responses)) problems.push(`${name}: not documented`);
  if (response.statusCode >= 400) {
    if (!String(response.headers['content-type']).startsWith('application/json')) problems.push(`${name}: content-type ${response.headers['content-type']}`);
    if (response.headers['x-content-type-options'] !== 'nosniff') problems.push(`${name}: no x-content-type-options: nosniff`);
    if (!response.headers['cache-control']) problems.push(`${name}: no cache-control`);
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    if (!errorBodySchema.strict().safeParse(body).success) problems.push(`${name}: body is not the Error shape: ${response.body.slice(0, 200)}`);
  }
  return problems;
}

describe('every operation of the OpenAPI document', () => {
  it('answers a caller without a session with a documented status and the error shape', async () => {
    const problems: string[] = [];
    for (const call of await operationsOfDocument()) {
      const hasBody = call.operation.requestBody?.content['application/json'] !== undefined;
      const response = await harness.injectAs('nobody')(call.method, urlOf(call.url, call.operation.parameters ?? [], false), hasBody ? {} : undefined);
      problems.push(...problemsOf(call, response));
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers a signed-in student sending wrong input with a documented status and the error shape', async () => {
    const problems: string[] = [];
    for (const call of await operationsOfDocument()) {
      const takesInput = (call.operation.parameters ?? []).some((parameter) => parameter.in === 'path') || call.operation.requestBody !== undefined;
      if (!takesInput) continue;
      const hasBody = call.operation.requestBody?.content['application/json'] !== undefined;
      const response = await harness.injectAs('student')(
        call.method,
        urlOf(call.url, call.operation.parameters ?? [], true),
        hasBody ? { unexpected: ['not', 'what', 'it', 'takes'] } : undefined,
      );
      problems.push(...problemsOf(call, response));
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
