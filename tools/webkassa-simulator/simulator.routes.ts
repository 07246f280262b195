import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkBody, fiscalise, receiptData, type WkError } from './simulator.check.ts';
import { openShift, webkassaDateTime, type SimCashbox, type SimulatorState } from './simulator.state.ts';

/**
 * Webkassa v4's calls on the simulator (fiscal-webkassa.md §2–§8): every call a `POST` with a JSON body and
 * `x-api-key`; answers `{Data}` or `{Errors:[{Code,Text}]}` with HTTP 200, as Webkassa answers business errors.
 */

const fail = (...errors: WkError[]) => ({ Errors: errors });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const session = z.object({ Token: z.string().max(200), CashboxUniqueNumber: z.string().max(50) });

/** Why the request may not go on: token unknown (3) or expired (2), cash register unknown (6). */
function sessionError(state: SimulatorState, body: unknown): WkError | SimCashbox {
  const raw = (body ?? {}) as Record<string, unknown>;
  // One client sends `cashboxUniqueNumber` in lower case to ZReport, as in Webkassa's collection (§3).
  const parsed = session.safeParse({
    ...raw,
    CashboxUniqueNumber: raw.CashboxUniqueNumber ?? raw.cashboxUniqueNumber,
  });
  if (!parsed.success) return { Code: 3, Text: 'Пользователь не авторизован' };
  const expiry = state.tokens.get(parsed.data.Token);
  if (expiry === undefined) return { Code: 3, Text: 'Пользователь не авторизован' };
  if (expiry <= state.now().getTime()) return { Code: 2, Text: 'Срок действия сессии истек' };
  const box = state.cashboxes.get(parsed.data.CashboxUniqueNumber);
  return box ?? { Code: 6, Text: 'Касса не найдена' };
}

/** Answers after the configured delay, or drops the connection when an answer is to be lost. */
async function answer(
  state: SimulatorState,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown,
  lose = false,
) {
  if (state.behaviour.slowMs > 0) {
    const held = sleep(state.behaviour.slowMs);
    state.held.add(held);
    await held.finally(() => state.held.delete(held));
  }
  if (lose) {
    request.raw.socket.destroy();
    return reply.hijack();
  }
  return reply.send(body);
}

/** Records a call with the code answered. */
function record(state: SimulatorState, path: string, ext: unknown, code: number) {
  state.calls.push({ path, externalCheckNumber: typeof ext === 'string' ? ext : null, code });
}

/** The faults applied to every call before it is read: wrong key (401), 500 and 505 on demand. */
function registerGate(app: FastifyInstance, state: SimulatorState) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const path = request.url.split('?')[0]!;
    if (request.headers['x-api-key'] !== state.apiKey) {
      record(state, path, null, 401);
      return reply.code(401).send(fail({ Code: -1, Text: 'Неверный API-ключ (x-api-key)' }));
    }
    if (state.behaviour.fail500 > 0) {
      state.behaviour.fail500--;
      record(state, path, null, 500);
      return reply.code(500).type('text/html').send('<html><body>Internal Server Error</body></html>');
    }
    if (state.behaviour.fail505 > 0) {
      state.behaviour.fail505--;
      record(state, path, null, 505);
      reply.header('AlternativeDomainNames', state.behaviour.alternativeDomains.join(','));
      return reply.send(fail({ Code: 505, Text: 'Сервис временно недоступен' }));
    }
  });
}

/** `check`: one receipt at a time per cash register (a concurrent call gets 9); 14 on a repeated number. */
function checkHandler(state: SimulatorState) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = '/api/v4/check';
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const box = sessionError(state, raw);
    if ('Code' in box) {
      record(state, path, raw.ExternalCheckNumber, box.Code);
      return answer(state, request, reply, fail(box));
    }
    if (box.busy) {
      record(state, path, raw.ExternalCheckNumber, 9);
      return reply.send(fail({ Code: 9, Text: 'Нарушена последовательность операций по кассе' }));
    }
    box.busy = true;
    try {
      const parsed = checkBody.safeParse(raw);
      if (!parsed.success) {
        const where = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        record(state, path, raw.ExternalCheckNumber, 9);
        return await answer(state, request, reply, fail({ Code: 9, Text: `Некорректные данные: ${where}` }));
      }
      const dup = box.receipts.get(parsed.data.ExternalCheckNumber);
      if (dup) {
        record(state, path, dup.externalCheckNumber, 14);
        const error = fail({ Code: 14, Text: 'Дублирующийся код системы-источника' });
        const body = state.behaviour.duplicateWithData
          ? { ...error, Data: receiptData(state, box, dup) }
          : error;
        return await answer(state, request, reply, body);
      }
      const result = fiscalise(state, box, parsed.data);
      if ('Code' in result) {
        record(state, path, parsed.data.ExternalCheckNumber, result.Code);
        return await answer(state, request, reply, fail(result));
      }
      const lose = state.behaviour.loseAnswers > 0;
      if (lose) state.behaviour.loseAnswers--;
      record(state, path, result.externalCheckNumber, lose ? -2 : 0);
      return await answer(state, request, reply, { Data: receiptData(state, box, result) }, lose);
    } finally {
      box.busy = false;
    }
  };
}

/** `Authorize`, `check`, `ZReport`, `XReport`, `Cashbox/ShiftHistory`, `GetTicketByExternalCheckNumber`. */
export function registerRoutes(app: FastifyInstance, state: SimulatorState): void {
  registerGate(app, state);

  app.post('/api/v4/Authorize', async (request) => {
    const b = (request.body ?? {}) as { Login?: unknown; Password?: unknown };
    if (b.Login !== state.login || b.Password !== state.password) {
      record(state, '/api/v4/Authorize', null, 1);
      return fail({ Code: 1, Text: 'Неверный логин или пароль' });
    }
    const token = randomBytes(16).toString('hex');
    state.tokens.set(token, state.now().getTime() + state.ttl * 1000);
    record(state, '/api/v4/Authorize', null, 0);
    return { Data: { Token: token } };
  });

  app.post('/api/v4/check', checkHandler(state));

  const report = (close: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const path = close ? '/api/v4/ZReport' : '/api/v4/XReport';
    const box = sessionError(state, request.body);
    if ('Code' in box) {
      record(state, path, null, box.Code);
      return answer(state, request, reply, fail(box));
    }
    const shift = openShift(box);
    if (!shift) {
      record(state, path, null, 13);
      return answer(state, request, reply, fail({ Code: 13, Text: 'Смена не открыта' }));
    }
    if (close) shift.closedAt = state.now();
    const receipts = [...box.receipts.values()].filter((r) => r.shiftNumber === shift.number);
    const sum = (op: number) =>
      receipts.filter((r) => r.operationType === op).reduce((s, r) => s + r.total, 0);
    const lose = close && state.behaviour.loseAnswers > 0;
    if (lose) state.behaviour.loseAnswers--;
    record(state, path, null, lose ? -2 : 0);
    const data = {
      ShiftNumber: shift.number,
      OpenDate: webkassaDateTime(shift.openedAt),
      CloseDate: shift.closedAt ? webkassaDateTime(shift.closedAt) : null,
      DocumentCount: shift.documents,
      Sell: { Sum: sum(2), Count: receipts.filter((r) => r.operationType === 2).length },
      ReturnSell: { Sum: sum(3), Count: receipts.filter((r) => r.operationType === 3).length },
    };
    return answer(state, request, reply, { Data: data }, lose);
  };
  app.post('/api/v4/ZReport', report(true));
  app.post('/api/v4/XReport', report(false));

  registerHistoryRoutes(app, state);
}

/** `Cashbox/ShiftHistory` and `GetTicketByExternalCheckNumber` (ShiftNumber required, as on dev: 15/16). */
function registerHistoryRoutes(app: FastifyInstance, state: SimulatorState) {
  app.post('/api/v4/Cashbox/ShiftHistory', async (request, reply) => {
    const box = sessionError(state, request.body);
    if ('Code' in box) return answer(state, request, reply, fail(box));
    const rows = box.shifts.map((s) => ({
      ShiftNumber: s.number,
      OpenDate: webkassaDateTime(s.openedAt),
      CloseDate: s.closedAt ? webkassaDateTime(s.closedAt) : null,
    }));
    return answer(state, request, reply, { Data: { Total: rows.length, Items: rows.reverse() } });
  });

  app.post('/api-history/v4/Ticket/GetTicketByExternalCheckNumber', async (request, reply) => {
    const path = '/api-history/v4/Ticket/GetTicketByExternalCheckNumber';
    const box = sessionError(state, request.body);
    const b = (request.body ?? {}) as { ExternalCheckNumber?: unknown; ShiftNumber?: unknown };
    if ('Code' in box) {
      record(state, path, b.ExternalCheckNumber, box.Code);
      return answer(state, request, reply, fail(box));
    }
    if (typeof b.ShiftNumber !== 'number' || !box.shifts.some((s) => s.number === b.ShiftNumber)) {
      record(state, path, b.ExternalCheckNumber, 15);
      return answer(state, request, reply, fail({ Code: 15, Text: 'Смена не найдена' }));
    }
    const r = typeof b.ExternalCheckNumber === 'string' ? box.receipts.get(b.ExternalCheckNumber) : undefined;
    if (!r || r.shiftNumber !== b.ShiftNumber) {
      record(state, path, b.ExternalCheckNumber, 16);
      return answer(state, request, reply, fail({ Code: 16, Text: 'Чек не найден' }));
    }
    record(state, path, r.externalCheckNumber, 0);
    return answer(state, request, reply, { Data: receiptData(state, box, r) });
  });
}
