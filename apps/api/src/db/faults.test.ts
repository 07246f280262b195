import { describe, expect, it } from 'vitest';
import { databaseFault } from './faults.ts';

/** An error with a `code`, as the drivers throw them. */
const coded = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseFault (issue 27)', () => {
  it('reads PostgreSQL’s SQLSTATEs of a database that cannot serve now', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08P01', '53300'])
      expect(databaseFault(coded(code)), code).toBe('unavailable');
    expect(databaseFault(coded('25006'))).toBe('read-only');
    expect(databaseFault(coded('53100'))).toBe('full');
  });

  it('reads node-postgres’s own connection errors, socket errors and SQLite’s result codes', () => {
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(databaseFault(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      'unavailable',
    );
    expect(databaseFault(coded('ECONNREFUSED'))).toBe('unavailable');
    expect(databaseFault(coded('ECONNRESET'))).toBe('unavailable');
    expect(databaseFault(coded('SQLITE_BUSY'))).toBe('busy');
    expect(databaseFault(coded('SQLITE_BUSY_SNAPSHOT'))).toBe('busy');
    expect(databaseFault(coded('SQLITE_READONLY_DBMOVED'))).toBe('read-only');
    expect(databaseFault(coded('SQLITE_IOERR_FSYNC'))).toBe('io');
    expect(databaseFault(coded('SQLITE_FULL'))).toBe('full');
    expect(databaseFault(coded('ENOSPC'))).toBe('full');
    expect(databaseFault(new Error('wrapped', { cause: coded('57P01') }))).toBe('unavailable');
  });

  it('leaves every other error alone (they stay 400s and 500s)', () => {
    for (const e of [
      coded('23505'), // unique violation
      coded('22P02'), // a refused value
      coded('42P01'), // a missing table: a bug
      coded('SQLITE_CONSTRAINT_UNIQUE'),
      coded('SQLITE_ERROR', 'cannot rollback - no transaction is active'),
      new Error('Connection to the SMS gateway failed'),
      new TypeError('x is undefined'),
      'text',
      null,
    ])
      expect(databaseFault(e)).toBeNull();
  });
});
