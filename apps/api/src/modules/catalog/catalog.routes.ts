import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the catalog module (being built). */
export const catalogRoutes: FastifyPluginAsyncZod = async () => {};
