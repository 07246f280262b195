import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Media routes (being built). */
export const mediaRoutes: FastifyPluginAsyncZod = async () => {};
