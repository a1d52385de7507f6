import { z } from 'zod';
import { currentUserSchema } from './auth.schema.ts';

/** What the apps' sign-in answers: a bearer token for `Authorization: Bearer`, and who it signs in. */
export const issuedTokenSchema = z.object({
  accessToken: z.string().describe('Opaque; send it as `Authorization: Bearer <accessToken>`. Shown once: the server keeps only its hash.'),
  tokenType: z.literal('Bearer'),
  expiresAt: z.iso.datetime().describe('ISO 8601, UTC: the latest the token works (it also ends when unused for the idle timeout).'),
  user: currentUserSchema,
});
export type IssuedToken = z.infer<typeof issuedTokenSchema>;
