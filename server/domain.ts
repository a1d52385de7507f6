import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnyRouter } from '@trpc/server';
import type { Ability, ScreenKey } from '../shared/auth/roles.ts';
import type { AppContext } from './context.ts';
import { abilityProcedure, screenProcedure } from './trpc/trpc.ts';

/** What every domain's REST routes are given when they are registered. */
export interface DomainRouteOptions {
  app: AppContext;
}

export type DomainRoutes = FastifyPluginAsyncZod<DomainRouteOptions>;

/** The tRPC procedures of a domain's screen: refused to roles the side bar hides the screen from. */
export interface ScreenProcedures {
  procedure: ReturnType<typeof screenProcedure>;
  /** A procedure of the screen that only roles with the ability may call. */
  ability(ability: Ability): ReturnType<typeof abilityProcedure>;
}

/**
 * One server domain: its console screen, its tRPC router (mounted at `name`) and its REST routes.
 * The screen is declared here once; every admin REST route of the domain and every procedure made
 * from `procedure` checks it before the request's body is read. A route or procedure that any console
 * role may call, or that needs an ability, says so where it is declared.
 */
export interface Domain<Name extends string = string, Router extends AnyRouter = AnyRouter> {
  name: Name;
  screen: ScreenKey | null;
  router: Router;
  /** REST routes of the domain's screen (all of them, whatever their path), or open ones when it has none. */
  routes: DomainRoutes[];
  /**
   * REST routes for signed-in students (the student apps): a caller without a session is refused
   * before the route reads anything (unless the route is `config.public`); each checks roles itself.
   */
  studentRoutes?: DomainRoutes[];
}

type ScreenDomainDefinition<Name extends string, Router extends AnyRouter> = {
  name: Name;
  screen: ScreenKey;
  router: (procedures: ScreenProcedures) => Router;
  routes: DomainRoutes[];
  studentRoutes?: DomainRoutes[];
};

type OpenDomainDefinition<Name extends string, Router extends AnyRouter> = {
  name: Name;
  /** Open to signed-out users, students or any console role: each procedure and route says which. */
  screen: null;
  router: Router;
  routes: DomainRoutes[];
  studentRoutes?: DomainRoutes[];
};

export function defineDomain<Name extends string, Router extends AnyRouter>(
  definition: ScreenDomainDefinition<Name, Router> | OpenDomainDefinition<Name, Router>,
): Domain<Name, Router> {
  if (definition.screen === null) return definition;
  const { screen } = definition;
  const router = definition.router({
    procedure: screenProcedure(screen),
    ability: (ability) => abilityProcedure(screen, ability),
  });
  return { ...definition, router };
}
