import type { KyselyPlugin } from 'kysely';
import { expect } from 'vitest';
import type { App } from '#app/app.ts';
import type { Database, Db } from '#app/db/database.ts';
import { ErrorBody } from '@kiim/contract';

// Small helpers shared by the API tests: JSON calls through `app.inject()` and a query counter.

export type Headers = Record<string, string>;

/**
 * Calls the app in-process and checks that the answer is JSON (errors included).
 * @returns the HTTP status and the parsed body.
 */
export async function callJson(
  app: App,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Headers = {},
) {
  const res = await app.inject({ method, url, payload: payload as Record<string, unknown>, headers });
  expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
  return { status: res.statusCode, body: res.json() };
}

/**
 * A handle on `db` that counts the queries run through it (the no-N+1 checks): `take()` answers the count
 * since the last take and starts again from 0.
 */
export function countQueries(db: Db): { db: Db; take(): number } {
  let queries = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    db: db.withPlugin(counting),
    take() {
      const n = queries;
      queries = 0;
      return n;
    },
  };
}

/**
 * Runs a call that must be refused and change nothing: asserts its HTTP status, the error `code` of its JSON
 * body, and that `snapshot()` reads the same before and after. `input` (the request's payload or query) names
 * the case in a failure.
 */
export async function expectRefused(
  snapshot: () => Promise<unknown>,
  status: number,
  code: number,
  run: () => Promise<{ status: number; body: unknown }>,
  input?: unknown,
): Promise<void> {
  const label = JSON.stringify(input);
  const before = await snapshot();
  const res = await run();
  expect(res.status, label).toBe(status);
  expect(ErrorBody.parse(res.body).code, label).toBe(code);
  expect(await snapshot(), label).toEqual(before);
}

/** Rows of a table (what a refused call must leave unchanged). */
export async function tableCount(db: Db, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
