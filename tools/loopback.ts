import type { FastifyInstance } from 'fastify';

/**
 * Starts a simulator's Fastify app on loopback and records its origin (`http://127.0.0.1:N`, never `localhost`, so
 * the shop and browsers in tests reach the same address) on `state`, which the simulator's `url` reads.
 * @param port 0 (default) for any free port.
 * @returns the origin.
 */
export async function listenOnLoopback(
  app: FastifyInstance,
  state: { origin: string },
  port = 0,
): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port });
  state.origin = address.replace('localhost', '127.0.0.1');
  return state.origin;
}
