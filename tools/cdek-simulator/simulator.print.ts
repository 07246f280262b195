import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { z } from 'zod';
import { cdekError } from './simulator.oauth.ts';
import {
  cdekDateTime,
  later,
  newRequest,
  type CdekState,
  type SimOrder,
  type SimPrint,
} from './simulator.state.ts';

const printBody = z.strictObject({
  orders: z
    .array(
      z.union([
        z.strictObject({ order_uuid: z.uuid() }),
        z.strictObject({ cdek_number: z.string().max(20) }),
      ]),
    )
    .min(1)
    .max(100),
  copy_count: z.number().int().min(1).max(4).default(2),
  type: z.string().max(40).optional(),
});

const PRINT_NAMES = {
  ACCEPTED: 'Принят',
  PROCESSING: 'Формируется',
  READY: 'Сформирован',
  INVALID: 'Некорректный запрос',
};

/** A real one-page-per-order PDF waybill (A6) with the CDEK number, order number and a bar pattern. */
export async function waybillPdf(orders: SimOrder[], copies: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const o of orders) {
    for (let c = 0; c < copies; c++) {
      const page = doc.addPage([298, 420]);
      page.drawText('CDEK waybill', { x: 20, y: 385, size: 18, font });
      page.drawText(`CDEK No ${o.cdekNumber}`, { x: 20, y: 355, size: 14, font });
      page.drawText(`Order ${o.number}`, { x: 20, y: 335, size: 12, font });
      const packages = (o.body.packages as { weight: number }[]) ?? [];
      page.drawText(`Packages: ${packages.length}, ${packages.reduce((s, p) => s + p.weight, 0)} g`, {
        x: 20,
        y: 315,
        size: 11,
        font,
      });
      let x = 20;
      for (const digit of String(o.cdekNumber)) {
        const w = 1 + (Number(digit) % 3);
        page.drawRectangle({ x, y: 220, width: w, height: 70 });
        x += w + 2 + (Number(digit) % 2);
      }
      page.drawText(`copy ${c + 1} of ${copies}`, { x: 20, y: 30, size: 9, font });
    }
  }
  return doc.save();
}

/**
 * Print forms (delivery-cdek.md §3, §10): `POST /v2/print/orders {orders[{order_uuid|cdek_number}], copy_count}`
 * → 202; the form goes ACCEPTED → PROCESSING → READY (or INVALID when an order has no `cdek_number` yet) after
 * `validationDelayMs`; `GET /v2/print/orders/{uuid}` shows it (with `url` when READY); `GET …/{uuid}.pdf` the PDF.
 */
export function registerPrintRoutes(app: FastifyInstance, state: CdekState): void {
  app.post('/v2/print/orders', async (request, reply) => {
    const b = printBody.safeParse(request.body);
    if (!b.success) return cdekError(reply, 400, 'v2_bad_request', b.error.issues[0]!.message);
    const found = b.data.orders.map((ref) =>
      [...state.orders.values()].find((o) =>
        'order_uuid' in ref
          ? o.uuid === ref.order_uuid
          : o.cdekNumber !== null && o.cdekNumber === ref.cdek_number,
      ),
    );
    if (found.some((o) => !o)) return cdekError(reply, 400, 'v2_entity_not_found', 'Заказ не найден');
    const orders = found as SimOrder[];
    const form: SimPrint = {
      uuid: randomUUID(),
      orderUuids: orders.map((o) => o.uuid),
      copyCount: b.data.copy_count,
      statuses: [{ code: 'ACCEPTED', name: PRINT_NAMES.ACCEPTED, date_time: cdekDateTime(state.now()) }],
    };
    state.prints.set(form.uuid, form);
    const step = (code: 'PROCESSING' | 'READY' | 'INVALID') => {
      form.statuses.push({ code, name: PRINT_NAMES[code], date_time: cdekDateTime(state.now()) });
    };
    later(state, state.behaviour.validationDelayMs / 2, () => step('PROCESSING'));
    later(state, state.behaviour.validationDelayMs, () =>
      step(orders.every((o) => o.cdekNumber) ? 'READY' : 'INVALID'),
    );
    return reply.code(202).send({ entity: { uuid: form.uuid }, requests: [newRequest(state, 'CREATE')] });
  });

  app.get<{ Params: { uuid: string } }>('/v2/print/orders/:uuid', async (request, reply) => {
    const pdf = /^(.+)\.pdf$/.exec(request.params.uuid);
    const form = state.prints.get(pdf ? pdf[1]! : request.params.uuid);
    if (!form) return cdekError(reply, 404, 'v2_entity_not_found', 'Печатная форма не найдена');
    const ready = form.statuses.at(-1)!.code === 'READY';
    if (pdf) {
      if (!ready)
        return cdekError(reply, 400, 'v2_print_form_not_ready', 'Печатная форма ещё не сформирована');
      const bytes = await waybillPdf(
        form.orderUuids.map((u) => state.orders.get(u)!),
        form.copyCount,
      );
      return reply.type('application/pdf').send(Buffer.from(bytes));
    }
    return {
      entity: {
        uuid: form.uuid,
        orders: form.orderUuids.map((order_uuid) => ({ order_uuid })),
        copy_count: form.copyCount,
        ...(ready ? { url: `${state.origin}/v2/print/orders/${form.uuid}.pdf` } : {}),
        statuses: form.statuses,
      },
      requests: [],
    };
  });
}
