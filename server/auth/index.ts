import { defineDomain } from '../domain.ts';
import { authRouter } from './auth.router.ts';
import { authRoutes } from './auth.routes.ts';
import { tokenRoutes } from './token.routes.ts';

/** Sign-in, registration, sessions and account recovery, for students and staff alike. */
export const authDomain = defineDomain({ name: 'auth', screen: null, router: authRouter, routes: [authRoutes, tokenRoutes] });
