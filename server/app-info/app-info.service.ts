import type { AppContext } from '../context.ts';

export interface PublicSettings {
  supportPhone: string;
  supportEmail: string;
  googleClientId: string | null;
  /** The side bar's external "V2 Dashboard" link; hidden when not configured. */
  v2DashboardUrl: string | null;
}

/** Settings the console and the student apps may read before anyone signs in. */
export function publicSettings(ctx: Pick<AppContext, 'config'>): PublicSettings {
  return {
    supportPhone: ctx.config.SUPPORT_PHONE,
    supportEmail: ctx.config.SUPPORT_EMAIL,
    googleClientId: ctx.config.GOOGLE_CLIENT_ID ?? null,
    v2DashboardUrl: ctx.config.V2_DASHBOARD_URL ?? null,
  };
}
