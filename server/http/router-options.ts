/** How Fastify's router matches addresses to routes. */
export const ROUTER_OPTIONS = {
  /** A path parameter longer than this answers 414 (stored file paths are the longest). */
  maxParamLength: 5000,
} as const;
