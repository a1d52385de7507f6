import { z } from 'zod';
import type { DomainRoutes } from '../domain.ts';
import { publicSettings } from './app-info.service.ts';

const settingsSchema = z.object({
  supportPhone: z.string(),
  supportEmail: z.string(),
  googleClientId: z.string().nullable(),
  v2DashboardUrl: z.string().nullable(),
});

export const appInfoRoutes: DomainRoutes = async (app, { app: context }) => {
  app.get(
    '/api/app/settings',
    {
      config: { public: true },
      schema: {
        tags: ['app'],
        summary: 'Public settings: support contacts, the Google client id for sign-in, the V2 dashboard link',
        response: { 200: settingsSchema },
      },
    },
    async () => publicSettings(context),
  );
};
