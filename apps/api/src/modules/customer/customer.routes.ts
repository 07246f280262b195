import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the customer module (being built). */
export const customerRoutes: FastifyPluginAsyncZod = async () => {};
