import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettings } from './app-info.service.ts';

const settingsSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  googleClientId: z.string().nullable(),
  v2DashboardUrl: z.string().nullable(),
});

export const appInfoRoutes: FastifyPluginAsyncZod<{ config: Parameters<typeof publicSettings>[0]['config'] }> = async (
  app,
  options,
) => {
  app.get(
    '/api/app/settings',
    {
      schema: {
        tags: ['app'],
        summary: 'Public settings: support contacts, the Google client id for sign-in, the V2 dashboard link',
        response: { 200: settingsSchema },
      },
    },
    async () => publicSettings(options),
  );
};
