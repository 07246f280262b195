import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CdekState } from './simulator.state.ts';

/** Answers CDEK's error envelope `{requests:[{state:"INVALID", errors:[{code, message}]}]}` with `status`. */
export function cdekError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ requests: [{ state: 'INVALID', errors: [{ code, message }] }] });
}

/**
 * `POST /v2/oauth/token`, form-encoded `grant_type=client_credentials&client_id&client_secret` →
 * `{access_token, token_type: "bearer", expires_in, scope, jti}` (delivery-cdek.md §1). Refusals: 400
 * `unsupported_grant_type`, 401 `invalid_client` (a personal-cabinet login is not an API key).
 */
export function registerOauthRoute(app: FastifyInstance, state: CdekState): void {
  app.post('/v2/oauth/token', async (request, reply) => {
    if (!/^application\/x-www-form-urlencoded/.test(request.headers['content-type'] ?? '')) {
      return reply
        .code(400)
        .send({ error: 'invalid_request', error_description: 'form-encoded body required' });
    }
    const f = (request.body ?? {}) as Record<string, string | undefined>;
    if (f.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
    }
    if (f.client_id !== state.clientId || f.client_secret !== state.clientSecret) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Bad client credentials' });
    }
    const token = randomBytes(32).toString('base64url');
    state.tokens.set(token, state.now().getTime() + state.ttl * 1000);
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: state.ttl,
      scope: 'order:all payment:all',
      jti: randomBytes(8).toString('hex'),
    };
  });
}

/**
 * Guards every `/v2` call but the token endpoint: a missing or unknown token → 401
 * `v2_authorization_incorrect`; an expired one (or the `expireTokens` fault) → 401 `v2_token_expired`.
 */
export function requireBearer(state: CdekState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/v2/') || request.url.startsWith('/v2/oauth/')) return;
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const expiresAt = m ? state.tokens.get(m[1]!) : undefined;
    if (expiresAt === undefined)
      return cdekError(reply, 401, 'v2_authorization_incorrect', 'Authorization is incorrect');
    if (state.behaviour.expireTokens > 0 || expiresAt <= state.now().getTime()) {
      if (state.behaviour.expireTokens > 0) state.behaviour.expireTokens -= 1;
      return cdekError(reply, 401, 'v2_token_expired', 'Token is expired');
    }
  };
}
