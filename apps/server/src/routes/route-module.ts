import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ThrottleRule } from '../auth/login-throttle';

/** What route handlers need besides `app` (one object for every route module). */
export interface RouteOptions {
  /** The current instant (fixed in tests). */
  clock: () => Date;
  /** Signs cookies, CSRF tokens and signed file URLs. */
  sessionSecret: string;
  sessionTtlHours: number;
  /** Sign-ins per client address a minute (rate-limit class `login`). */
  loginRateLimit: number;
  throttle: ThrottleRule;
  /** The DMA outlines file (tests); default lib/dma-boundaries.ts `DMA_BOUNDARIES_FILE`. */
  dmaBoundariesFile?: string;
}

/** A route module: a plugin that registers its operations with `registerOperation`. */
export type RouteModule = FastifyPluginAsyncZod<RouteOptions>;
