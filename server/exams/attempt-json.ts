import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { attemptQuestionSchema, attemptSchema, type AttemptView } from '../../shared/exams/attempts.schema.ts';

/**
 * An attempt as the JSON the start and resume routes send, without serializing the paper again
 * for every student. A new attempt of a mock test shows the same questions as every other new
 * attempt of its paper (attempt-view.ts shares them, frozen): their text is made once, as UTF-8,
 * checked against the schema then, and kept with them. The rest (the attempt's id and clock, each
 * group's window, and any questions of its own) is checked against the route's schema on every
 * answer, as the route's serializer would. The text is the same, byte for byte, as that serializer
 * makes (a unit test compares them).
 */
const sharedText = new WeakMap<readonly object[], Buffer>();
const sharedQuestionsSchema = z.array(attemptQuestionSchema);
const CLOSE_OBJECT = Buffer.from('}');
const CLOSE_GROUPS = Buffer.from(']}');

function sharedQuestionsJson(questions: readonly object[]): Buffer {
  let text = sharedText.get(questions);
  if (!text) {
    text = Buffer.from(JSON.stringify(sharedQuestionsSchema.encode(questions as AttemptView['questionGroups'][number]['questions'])));
    sharedText.set(questions, text);
  }
  return text;
}

/** `{"a":1}` as `{"a":1,"name":`: an object's text opened for one more field. */
const openFor = (value: object, name: string) => `${JSON.stringify(value).slice(0, -1)},${JSON.stringify(name)}:`;

export function attemptJson(view: AttemptView): Buffer {
  const shared = view.questionGroups.map((group) => (Object.isFrozen(group.questions) ? group.questions : undefined));
  const { questionGroups, ...head } = attemptSchema.encode({
    ...view,
    questionGroups: view.questionGroups.map((group, i) => (shared[i] ? { ...group, questions: [] } : group)),
  });
  const parts: Buffer[] = [Buffer.from(`${openFor(head, 'questionGroups')}[`)];
  questionGroups.forEach(({ questions, ...group }, i) => {
    const own = shared[i];
    parts.push(
      Buffer.from(`${i > 0 ? ',' : ''}${openFor(group, 'questions')}`),
      own ? sharedQuestionsJson(own) : Buffer.from(JSON.stringify(questions)),
      CLOSE_OBJECT,
    );
  });
  parts.push(CLOSE_GROUPS);
  return Buffer.concat(parts);
}

/** Sends the attempt as JSON (see attemptJson). */
export function sendAttempt(reply: FastifyReply, view: AttemptView): FastifyReply {
  reply.type('application/json; charset=utf-8');
  // The route's response type describes the object this text encodes.
  return reply.send(attemptJson(view) as never);
}
