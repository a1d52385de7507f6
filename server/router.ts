import { DOMAINS } from './domains.ts';
import { router } from './trpc/trpc.ts';

type Domains = (typeof DOMAINS)[number];
type DomainRouters = { [D in Domains as D['name']]: D['router'] };

/** The root router: each domain's router under its name. */
export const appRouter = router(Object.fromEntries(DOMAINS.map((domain) => [domain.name, domain.router])) as DomainRouters);

export type AppRouter = typeof appRouter;
