import { createCdekSession, jsonBody, type CdekOptions } from './shipping.cdek.session.ts';
import {
  createdAnswer,
  orderAnswer,
  orderBodyOf,
  printAnswer,
  shipmentOf,
} from './shipping.cdek.orders.wire.ts';
import { ShipmentRefusedError, type CarrierShipment, type ShipmentCarrier } from './shipping.shipment.ts';

/** Largest label PDF read, bytes (a one-parcel waybill is ~10–100 KB). */
const MAX_LABEL_BYTES = 5 * 1024 * 1024;

/**
 * CDEK API v2 orders, labels and webhooks as a {@link ShipmentCarrier} (delivery-cdek.md §6–8). A 400 to
 * `POST /orders` is CDEK refusing the body (ShipmentRefusedError with its codes); everything else that is not
 * the expected answer is CarrierUnavailableError. CDEK does not refuse a repeated `number`, so callers look up
 * {@link ShipmentCarrier.findByOrderNumber} before any retry.
 */
export function createCdekShipments(o: CdekOptions): ShipmentCarrier {
  const session = createCdekSession(o);

  async function read(path: string): Promise<CarrierShipment | null> {
    const answer = await session.request(path);
    if (answer.status === 404) return null;
    if (answer.status !== 200) session.fail(`${path}: HTTP ${answer.status}`);
    const parsed = orderAnswer.safeParse(answer.body);
    return parsed.success ? shipmentOf(parsed.data) : session.fail(`${path}: malformed answer`);
  }

  return {
    code: 'cdek',
    async register(request) {
      const answer = await session.request('/orders', jsonBody(orderBodyOf(request)));
      if (answer.status === 400) throw new ShipmentRefusedError('cdek', answer.errors);
      if (answer.status !== 202 && answer.status !== 200) session.fail(`/orders: HTTP ${answer.status}`);
      const parsed = createdAnswer.safeParse(answer.body);
      return parsed.success ? parsed.data.entity.uuid : session.fail('/orders: malformed answer');
    },
    findByOrderNumber: (orderNumber) =>
      read(`/orders?${new URLSearchParams({ im_number: orderNumber.slice(0, 40) })}`),
    async read(id) {
      return (await read(`/orders/${encodeURIComponent(id)}`)) ?? session.fail(`/orders/${id}: not found`);
    },
    async requestLabel(id) {
      const body = jsonBody({ orders: [{ order_uuid: id }], copy_count: 1 });
      const created = await session.call('/print/orders', createdAnswer, body, [200, 202]);
      return created.entity.uuid;
    },
    async label(formId) {
      const form = await session.call(`/print/orders/${encodeURIComponent(formId)}`, printAnswer);
      const last = form.entity.statuses.at(-1)?.code;
      if (last === 'INVALID' || last === 'REMOVED') session.fail(`print form ${formId}: ${last}`);
      if (last !== 'READY' || !form.entity.url) return null;
      const pdf = await session.bytes(form.entity.url, MAX_LABEL_BYTES);
      return pdf.subarray(0, 5).toString('latin1') === '%PDF-' ? pdf : session.fail('print form: not a PDF');
    },
    async subscribe(url) {
      const created = await session.call('/webhooks', createdAnswer, jsonBody({ url, type: 'ORDER_STATUS' }));
      return created.entity.uuid;
    },
  };
}
