import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the cart module (being built). */
export const cartRoutes: FastifyPluginAsyncZod = async () => {};
