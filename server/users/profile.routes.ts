import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { errorBodySchema } from '../../shared/http/errors.schema.ts';
import { phoneCodeInputSchema, phoneVerifyInputSchema, profileSchema, updateProfileInputSchema } from '../../shared/users/profile.schema.ts';
import * as profile from './profile.service.ts';

const tags = ['student profile'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export const profileRoutes: DomainRoutes = async (app) => {
  app.get(
    '/api/student/profile',
    { schema: { tags, summary: "The signed-in student's profile", response: { 200: profileSchema, ...errors } } },
    async (request) => profile.getProfile(request.ctx),
  );
  app.put(
    '/api/student/profile',
    { schema: { tags, summary: 'Change the name and game nickname', body: updateProfileInputSchema, response: { 200: profileSchema, ...errors } } },
    async (request) => profile.updateProfile(request.ctx, request.body),
  );
  app.post(
    '/api/student/profile/phone',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code by SMS to a new phone number (an Indian mobile)',
        description:
          'One code every 30 seconds and a few an hour per account, and at most 5 an hour and 10 a day to one number from all accounts (429 with Retry-After past that). A number another account has verified answers 409, but only while the limits allow the request.',
        body: phoneCodeInputSchema,
        response: { 200: z.object({ sentTo: z.string(), expiresInMinutes: z.number() }), ...errors },
      },
    },
    async (request) => profile.sendPhoneCode(request.ctx, request.body),
  );
  app.post(
    '/api/student/profile/phone/verify',
    {
      schema: {
        tags,
        summary: 'Store the phone number once its code is right (five wrong codes burn it)',
        body: phoneVerifyInputSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    async (request) => profile.verifyPhone(request.ctx, request.body),
  );
};
