import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/** A key that would reach an object's prototype if the body were ever merged into one. */
function hasPrototypeKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      stack.push(...current);
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key === '__proto__') return true;
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return true;
      stack.push(child);
    }
  }
  return false;
}

/**
 * JSON bodies, refused in plain words: not JSON, empty, or carrying a `__proto__` key
 * (which the default parser also refuses, but as "not valid JSON").
 */
async function jsonBody(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(new AppError('validation', 'The body is empty: send a JSON object'), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError('validation', 'The body is not valid JSON'), undefined);
    }
    // Only a body that spells one of the keys, or escapes characters (a key may hide in \u escapes), needs the walk.
    const mayHide = text.includes('__proto__') || text.includes('constructor') || text.includes('\\u');
    if (mayHide && hasPrototypeKey(parsed))
      return done(new AppError('validation', 'The body may not contain a field named __proto__ or constructor.prototype'), undefined);
    return done(null, parsed);
  });
}

export default fp(jsonBody, { name: 'json-body' });
