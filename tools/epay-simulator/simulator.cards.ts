/**
 * Test cards of the ePay simulator: the public sandbox cards of Halyk ePay (payments-sms.md §1 "Test cards"),
 * approved and declined as the sandbox does. Any other number that passes the Luhn check is declined as
 * unsupported; a number failing it is refused on the form.
 */

/** What paying with a card gives. `statusName` is ePay's; `reason`/`reasonCode` as the callback carries them. */
export type CardOutcome =
  | { approved: true }
  | { approved: false; statusName: 'FAILED' | 'REJECT'; reason: string; reasonCode: string };

/** Cards the sandbox approves. */
export const APPROVED_CARDS = ['4405639704015096', '5522042705066736'] as const;
/** Cards the sandbox declines. */
export const DECLINED_CARDS = ['4003032704547597', '5578342710750560'] as const;

const DECLINES: Record<string, CardOutcome> = {
  '4003032704547597': {
    approved: false,
    statusName: 'REJECT',
    reason: 'Отказ банка-эмитента',
    reasonCode: '05',
  },
  '5578342710750560': {
    approved: false,
    statusName: 'FAILED',
    reason: 'Недостаточно средств на карте',
    reasonCode: '51',
  },
};

/** A test card as the payment page lists it: the number in groups of four and what paying with it gives. */
export interface TestCard {
  number: string;
  outcome: string;
}

/**
 * The sandbox cards the payment page lists for whoever tests the shop: the approved ones, then the declined
 * ones with their decline reason. Any future expiry date and any three-digit CVC are accepted.
 */
export function testCards(): TestCard[] {
  const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  return [
    ...APPROVED_CARDS.map((d) => ({ number: grouped(d), outcome: 'Оплата пройдёт' })),
    ...DECLINED_CARDS.map((d) => {
      const o = DECLINES[d]!;
      return { number: grouped(d), outcome: `Отказ: ${o.approved ? '' : o.reason.toLowerCase()}` };
    }),
  ];
}

/** Digits of a card number as typed (spaces and dashes dropped). */
export const cardDigits = (input: string) => input.replace(/[\s-]/g, '');

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The outcome of paying with a (Luhn-valid) card number. */
export function cardOutcome(digits: string): CardOutcome {
  if ((APPROVED_CARDS as readonly string[]).includes(digits)) return { approved: true };
  return (
    DECLINES[digits] ?? {
      approved: false,
      statusName: 'FAILED',
      reason: 'Карта не поддерживается в тестовой среде',
      reasonCode: '14',
    }
  );
}

/** Card mask as ePay shows it: first six and last four digits, `440563...5096`. */
export const cardMask = (digits: string) => `${digits.slice(0, 6)}...${digits.slice(-4)}`;

/** Card type by its first digit: `VISA`, `MASTERCARD` or `CARD`. */
export const cardType = (digits: string) =>
  digits.startsWith('4') ? 'VISA' : /^5[1-5]/.test(digits) ? 'MASTERCARD' : 'CARD';

/**
 * Checks the expiry `MM/YY` (or `MMYY`) is a real month not in the past at `now`.
 * @returns the error message in Russian, or null when it is fine.
 */
export function expiryProblem(input: string, now: Date): string | null {
  const m = /^\s*(\d{2})\s*\/?\s*(\d{2})\s*$/.exec(input);
  if (!m) return 'Укажите срок действия в формате ММ/ГГ';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'Укажите срок действия в формате ММ/ГГ';
  const endOfMonth = Date.UTC(year, month, 1);
  return endOfMonth <= now.getTime() ? 'Срок действия карты истёк' : null;
}
