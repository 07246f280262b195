import { describe, expect, it } from 'vitest';
import { startupFailureMessage } from './boot.ts';
import { loadConfig } from './config.ts';

/** The one line a failed start prints for what `start` threw. */
const said = (start: () => unknown) => {
  try {
    start();
  } catch (err) {
    return startupFailureMessage(err);
  }
  throw new Error('the start did not fail');
};

describe('a failed start says what is wrong (issue 11 §10, issue 27)', () => {
  it('reports a malformed or non-PostgreSQL DATABASE_URL as such, never as a refused password', () => {
    for (const url of ['postgres:/broken', 'mysql://kiim:secret@db:3306/kiim']) {
      const message = said(() => loadConfig({ DATABASE_URL: url }));
      expect(message).toMatch(/^Invalid configuration:\n {2}DATABASE_URL: /);
      expect(message).not.toMatch(/password of DATABASE_URL/);
    }
  });

  it('tells an unreachable, starting or refusing database apart', () => {
    const coded = (code: string) => () => {
      throw Object.assign(new Error('failed'), { code });
    };
    expect(said(coded('ECONNREFUSED'))).toMatch(/^Cannot reach the database \(ECONNREFUSED\)/);
    expect(said(coded('57P03'))).toMatch(/starting up or recovering/);
    expect(said(coded('28P01'))).toMatch(/refused the user or password/);
  });
});
