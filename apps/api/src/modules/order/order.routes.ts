import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the order module (being built). */
export const orderRoutes: FastifyPluginAsyncZod = async () => {};
