import { z } from 'zod';
import {
  openShift,
  round2,
  webkassaDateTime,
  type SimCashbox,
  type SimReceipt,
  type SimulatorState,
} from './simulator.state.ts';

/**
 * The receipt rules of Webkassa's `POST /api/v4/check` (fiscal-webkassa.md §4–§5) as the simulator enforces
 * them: what is refused and with which code, and the fiscal result of what is accepted.
 */

/** A Webkassa error, as it goes into `Errors[]`. */
export interface WkError {
  Code: number;
  Text: string;
}

const money = z.number().finite().min(0).max(1e10);
const position = z.object({
  Count: z.number().finite().positive().max(1e6),
  Price: money,
  Discount: money.default(0),
  Markup: money.default(0),
  Tax: money.default(0),
  TaxType: z.union([z.literal(0), z.literal(100)]),
  TaxPercent: z.number().min(0).max(100).nullable().default(null),
  PositionName: z.string().trim().min(1).max(1000),
  PositionCode: z.string().max(100).default(''),
  SectionCode: z.string().max(20).optional(),
  UnitCode: z.number().int().positive(),
  WarehouseType: z.number().int().optional(),
  markList: z.array(z.string().max(300)).max(1000).optional(),
});
const basis = z.object({
  dateTime: z.string().max(40),
  total: money,
  checkNumber: z.string().max(40),
  registrationNumber: z.string().max(40),
  isOffline: z.boolean(),
});

/** The check request body (Token and CashboxUniqueNumber are checked before it). */
export const checkBody = z.object({
  OperationType: z.union([z.literal(2), z.literal(3)]),
  Positions: z.array(position).min(1).max(500),
  Payments: z
    .array(z.object({ Sum: money, PaymentType: z.union([z.literal(0), z.literal(1), z.literal(4)]) }))
    .min(1)
    .max(3),
  Change: money.nullable().default(0),
  RoundType: z.number().int().optional(),
  ExternalCheckNumber: z.string().min(1).max(50),
  ExternalOrderNumber: z.string().max(100).nullish(),
  CustomerEmail: z.string().max(200).nullish(),
  CustomerPhone: z.string().max(30).nullish(),
  CustomerXin: z.string().max(12).nullish(),
  returnBasisDetails: basis.nullish(),
});
export type CheckBody = z.infer<typeof checkBody>;

/** Code 9: bad data (fiscal-webkassa.md §8). */
const badData = (text: string): WkError => ({ Code: 9, Text: `Некорректные данные: ${text}` });
/** Code 255 for a return without a (valid) sale basis; the text Webkassa answers (§5). */
const NO_BASIS: WkError = {
  Code: 255,
  Text: '[255] Для типа операции Возврат продажи необходимо передать данные чека основания',
};

/** The amount a position adds to the receipt: Count·Price − Discount + Markup. */
const lineSum = (p: CheckBody['Positions'][number]) => round2(p.Count * p.Price - p.Discount + p.Markup);

/** Content rules beyond the shape: prices, payment types once each, totals, tax. Null when the receipt holds. */
function contentError(body: CheckBody): WkError | null {
  for (const [i, p] of body.Positions.entries()) {
    if (p.Price <= 0) return badData(`Positions[${i}].Price: цена должна быть больше нуля`);
    if (round2(p.Price) !== p.Price) return badData(`Positions[${i}].Price: не более двух знаков`);
    if (p.Discount > round2(p.Count * p.Price))
      return badData(`Positions[${i}].Discount: скидка больше стоимости`);
    if (p.TaxType === 100 && !p.TaxPercent) return badData(`Positions[${i}].TaxPercent: не указана ставка`);
    if (p.TaxType === 100) {
      const due = round2((lineSum(p) * p.TaxPercent!) / (100 + p.TaxPercent!));
      if (Math.abs(due - p.Tax) > 0.01) return badData(`Positions[${i}].Tax: ожидается ${due}`);
    }
  }
  const types = body.Payments.map((p) => p.PaymentType);
  if (new Set(types).size !== types.length) return badData('Payments: тип оплаты указан дважды');
  const change = body.Change ?? 0;
  if (change > 0 && !types.includes(0)) return badData('Change: сдача возможна только с наличных');
  const total = round2(body.Positions.reduce((s, p) => s + lineSum(p), 0));
  const paid = round2(body.Payments.reduce((s, p) => s + p.Sum, 0) - change);
  if (total <= 0) return badData('сумма чека должна быть больше нуля');
  if (Math.abs(total - paid) > 0.01) return badData(`сумма оплат ${paid} не равна сумме чека ${total}`);
  return null;
}

/** The sale a return names, or the refusal. */
function returnBasis(box: SimCashbox, body: CheckBody, total: number): SimReceipt | WkError {
  const b = body.returnBasisDetails;
  if (!b) return NO_BASIS;
  const sale = [...box.receipts.values()].find(
    (r) => r.operationType === 2 && r.checkNumber === b.checkNumber,
  );
  if (!sale || b.registrationNumber !== box.registrationNumber || b.total !== sale.total) return NO_BASIS;
  if (b.dateTime !== sale.dateTime || b.isOffline !== sale.offline) return NO_BASIS;
  if (round2(sale.returned + total) > sale.total)
    return badData('сумма возвратов больше суммы чека основания');
  return sale;
}

/**
 * Fiscalises a validated check on a cash register (shift opened implicitly by its first document; code 11
 * when the open shift is older than 24 h; code 18 when offline storage is full).
 * @returns the stored receipt, or the error to answer; the receipt is kept only when accepted.
 */
export function fiscalise(state: SimulatorState, box: SimCashbox, body: CheckBody): SimReceipt | WkError {
  const invalid = contentError(body);
  if (invalid) return invalid;
  const now = state.now();
  let shift = openShift(box);
  if (shift && now.getTime() - shift.openedAt.getTime() > 24 * 3600_000)
    return { Code: 11, Text: 'Продолжительность смены превышает 24 часа' };
  if (state.behaviour.offlineLimitExceeded)
    return { Code: 18, Text: 'Превышено время работы в автономном режиме' };
  const total = round2(body.Positions.reduce((s, p) => s + lineSum(p), 0));
  const sale = body.OperationType === 3 ? returnBasis(box, body, total) : null;
  if (sale && 'Code' in sale) return sale;
  if (!shift) {
    shift = { number: box.shifts.length + 1, openedAt: now, closedAt: null, documents: 0 };
    box.shifts.push(shift);
  }
  shift.documents++;
  state.issued++;
  if (sale) sale.returned = round2(sale.returned + total);
  const receipt: SimReceipt = {
    cashbox: box.uniqueNumber,
    operationType: body.OperationType,
    externalCheckNumber: body.ExternalCheckNumber,
    externalOrderNumber: body.ExternalOrderNumber ?? null,
    checkNumber: String(1_000_000_000_000 + state.issued * 7_919 + now.getUTCSeconds()),
    checkOrderNumber: shift.documents,
    shiftNumber: shift.number,
    dateTime: webkassaDateTime(now),
    total,
    offline: state.behaviour.offline,
    positions: body.Positions.map((p) => ({ ...p, TaxPercent: p.TaxPercent ?? null })),
    payments: body.Payments,
    change: body.Change ?? 0,
    customerEmail: body.CustomerEmail ?? null,
    customerPhone: body.CustomerPhone ?? null,
    basisCheckNumber: sale ? sale.checkNumber : null,
    returned: 0,
  };
  box.receipts.set(receipt.externalCheckNumber, receipt);
  return receipt;
}

/** A receipt's `Data` as `check` and `GetTicketByExternalCheckNumber` answer it (§4). */
export function receiptData(state: SimulatorState, box: SimCashbox, r: SimReceipt) {
  const ticket = `${state.origin}/Ticket?chb=${encodeURIComponent(box.uniqueNumber)}&extnum=${encodeURIComponent(r.externalCheckNumber)}`;
  return {
    CheckNumber: r.checkNumber,
    DateTime: r.dateTime,
    DateTimeUTC: `${r.dateTime} +05:00`,
    OperationType: r.operationType,
    OperationTypeText: r.operationType === 2 ? 'Продажа' : 'Возврат продажи',
    ExternalCheckNumber: r.externalCheckNumber,
    CheckOrderNumber: r.checkOrderNumber,
    ShiftNumber: r.shiftNumber,
    Total: r.total,
    OfflineMode: r.offline,
    IsOffline: r.offline,
    CashboxOfflineMode: r.offline,
    CashboxUniqueNumber: box.uniqueNumber,
    CashboxRegistrationNumber: box.registrationNumber,
    CashboxIdentityNumber: box.identityNumber,
    TicketUrl: ticket,
    TicketPrintUrl: `${ticket}&print=1`,
  };
}
