import { describe, expect, it } from 'vitest';
import { addDays, localDayOf, startOfLocalDay } from './zoned-day.ts';

describe('local days of a time zone', () => {
  it('finds the instant a local day starts', () => {
    expect(startOfLocalDay('2026-11-22', 'Asia/Almaty').toISOString()).toBe('2026-11-21T19:00:00.000Z');
    expect(startOfLocalDay('2026-11-22', 'UTC').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    // Daylight saving time: Berlin is UTC+2 in summer and UTC+1 in winter.
    expect(startOfLocalDay('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfLocalDay('2026-01-01', 'Europe/Berlin').toISOString()).toBe('2025-12-31T23:00:00.000Z');
  });

  it('names the local day of an instant and steps days across months', () => {
    expect(localDayOf(new Date('2026-11-21T19:00:00Z'), 'Asia/Almaty')).toBe('2026-11-22');
    expect(localDayOf(new Date('2026-11-21T18:59:59Z'), 'Asia/Almaty')).toBe('2026-11-21');
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
