import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatPrice,
  formatTime,
  groupDigits,
} from './format.ts';

const intl = new Intl.NumberFormat('ru-KZ', { style: 'currency', currency: 'KZT', maximumFractionDigits: 0 });

describe('formatPrice (spec §9: ru-KZ, KZT, no decimals)', () => {
  it('writes a price as `34 990 ₸`: groups of three and the sign after no-break spaces', () => {
    expect(formatPrice(34990)).toBe('34\u00a0990\u00a0₸');
    expect(formatPrice(0)).toBe('0\u00a0₸');
    expect(formatPrice(1234567)).toBe('1\u00a0234\u00a0567\u00a0₸');
    expect(formatPrice(-5000)).toBe('-5\u00a0000\u00a0₸');
  });

  it('gives the same text as Intl.NumberFormat for every amount up to 200 000 ₸, negatives and large ones', () => {
    const amounts: number[] = [];
    for (let n = -2_000; n <= 200_000; n++) amounts.push(n);
    for (let p = 5; p <= 15; p++)
      for (const d of [1, 9, 10, 99, 999, 1001]) amounts.push(10 ** p - d, 10 ** p + d, -(10 ** p) + d);
    amounts.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    const differ = amounts.filter((n) => formatPrice(n) !== intl.format(n));
    expect(differ).toEqual([]);
  });

  it('leaves an amount that is not a whole number of tenge to Intl', () => {
    for (const n of [12.5, 12.4, -12.5, -0, Number.NaN, Infinity, 2 ** 60])
      expect(formatPrice(n)).toBe(intl.format(n));
  });
});

describe('groupDigits', () => {
  it('writes a whole number as Intl.NumberFormat does in ru and kk, and leaves any other number to Intl', () => {
    const numbers = [
      0,
      7,
      999,
      1000,
      1234,
      12345,
      999_999,
      1_000_000,
      -1,
      -1234,
      -1_000_000,
      Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 7; n < 30_000; n += 7) numbers.push(n, -n);
    for (const lang of ['ru', 'kk']) {
      const intl = new Intl.NumberFormat([lang, 'en']);
      expect(numbers.filter((n) => groupDigits(n) !== intl.format(n))).toEqual([]);
    }
    for (const n of [1.5, -0, Number.NaN, Infinity, 2 ** 60]) expect(groupDigits(n)).toBeUndefined();
  });
});

describe('Kazakh day names without Intl data (issue 27: hydration of the product page)', () => {
  it('writes the month by the shop’s own names, as Node with full ICU does', () => {
    expect(formatDay('2026-11-29', 'kk-KZ')).toBe('29 қараша');
    expect(formatDayRange('2026-11-29', '2026-11-30', 'kk')).toBe('29–30 қараша');
    expect(formatDayRange('2026-11-30', '2026-12-02', 'kk')).toBe('30 қараша – 2 желтоқсан');
    expect(formatDayRange('2026-11-29', '2026-11-30', 'ru-RU')).toBe('29–30 ноября');
  });
});

describe('dates written without the browser’s locale data (issue 35 §2)', () => {
  // Node carries full ICU, so its Intl is the reference the shop's own month names must match exactly.
  const instants = Array.from(
    { length: 400 },
    (_, i) => new Date(Date.UTC(2024, 0, 1, 0, 7) + i * 26.5 * 3600_000),
  );
  const zones = ['Asia/Almaty', 'Asia/Aqtobe', 'UTC'];

  it('formatDate is the text of Intl in ru and kk for every day of a year and more, in three zones', () => {
    for (const locale of ['ru-RU', 'kk-KZ']) {
      for (const timeZone of zones) {
        const intl = new Intl.DateTimeFormat(locale, {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone,
        });
        const differ = instants.filter(
          (d) => formatDate(d.toISOString(), timeZone, locale) !== intl.format(d),
        );
        expect(differ.map((d) => d.toISOString())).toEqual([]);
      }
    }
    expect(formatDate('2026-11-28T10:00:00Z', 'Asia/Almaty', 'kk')).toBe('2026 ж. 28 қараша');
    expect(formatDate('2026-11-28T20:00:00Z', 'Asia/Almaty', 'ru-RU')).toBe('29 ноября 2026 г.');
  });

  it('formatTime is the 24-hour time of Intl ru-RU in the zone; formatDateTime joins both', () => {
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone });
      expect(instants.filter((d) => formatTime(d.toISOString(), timeZone) !== intl.format(d))).toEqual([]);
    }
    expect(formatDateTime('2026-04-06T06:00:00Z', 'Asia/Almaty')).toBe('6 апреля 2026 г., 11:00');
    expect(formatDateTime('2026-04-06T06:00:00Z', 'Asia/Almaty', 'kk')).toBe('2026 ж. 6 сәуір, 11:00');
  });

  it('formatDay and formatDayRange are the text of Intl for days and ranges within and across months and years', () => {
    const days = instants.filter((_, i) => i % 7 === 0).map((d) => d.toISOString().slice(0, 10));
    for (const locale of ['ru-RU', 'kk-KZ']) {
      const intl = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' });
      for (const [i, from] of days.entries()) {
        expect(formatDay(from, locale)).toBe(intl.format(new Date(`${from}T00:00:00Z`)));
        for (const to of [from, days[i + 1], days[i + 9]].filter((d): d is string => d !== undefined)) {
          // ICU's range across years puts a narrow no-break space before «г.»/«ж.»; the shop writes the plain one
          // of its single dates, so both read alike.
          const want = intl
            .formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`))
            .replaceAll('\u202f', ' ');
          expect(`${from}..${to} ${formatDayRange(from, to, locale)}`).toBe(`${from}..${to} ${want}`);
        }
      }
    }
  });
});
