import { describeIssues } from '../../shared/validation/messages.ts';
import { TASKS, type TaskName } from '../../shared/jobs/tasks.ts';
import type { z } from 'zod';

/** A job's payload checked against its task's schema; a wrong one fails the job with what is wrong. */
export function taskPayload<Task extends TaskName>(task: Task, raw: unknown): z.output<(typeof TASKS)[Task]['payload']> {
  const result = TASKS[task].payload.safeParse(raw);
  if (!result.success) {
    const problems = describeIssues(result.error.issues).map((issue) => issue.message);
    throw new Error(`The ${task} job has a wrong payload: ${problems.join('; ')}`);
  }
  return result.data as z.output<(typeof TASKS)[Task]['payload']>;
}
