import type { AppContext } from '../context.ts';

export interface PublicSettings {
  supportPhone: string;
  supportEmail: string;
  googleClientId: string | null;
}

/** Settings the console and the student apps may read before anyone signs in. */
export function publicSettings(ctx: Pick<AppContext, 'config'>): PublicSettings {
  return {
    supportPhone: ctx.config.SUPPORT_PHONE,
    supportEmail: ctx.config.SUPPORT_EMAIL,
    googleClientId: ctx.config.GOOGLE_CLIENT_ID ?? null,
  };
}
