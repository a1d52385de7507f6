import { z } from 'zod';
import { plainRule } from './messages.ts';

/**
 * zod with the product's plain-words messages for rules that have no message of their own.
 * Every schema in shared/ imports z from here, so the messages are the same in the server,
 * the worker and the console.
 */
z.config({ customError: plainRule });

export { z };
