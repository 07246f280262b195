/**
 * What the shop needs from a carrier after checkout (issue 34 items 3–4, docs/decisions/068): register a parcel
 * (asynchronously: the carrier accepts, then validates), find it by the shop's order number before any retry,
 * read its state and history, print its label, subscribe to its status hints. CDEK implements it in
 * shipping.cdek.shipments.ts. Tenge, grams, whole centimetres; times ISO 8601 UTC.
 */

/** One line of the parcel: what the carrier lists on its waybill and collects on delivery. */
export interface ShipmentItem {
  name: string;
  /** Our SKU (CDEK `ware_key`). */
  sku: string;
  /** Declared value of one unit, tenge. */
  unitPrice: number;
  /** Collected from the shopper for one unit on delivery, tenge (0 when paid online). */
  unitCollect: number;
  weightG: number;
  quantity: number;
}

/** A person or the shop, as the carrier prints them. */
export interface ShipmentContact {
  name: string;
  /** E.164, e.g. `+77011234567`. */
  phone: string;
  email?: string;
}

/** Everything a carrier needs to register one parcel of one order. */
export interface ShipmentRequest {
  /** The shop's order number: the carrier's only idempotency key (CDEK `number`). */
  orderNumber: string;
  tariffCode: number;
  /** The carrier point the shopper chose (method 1), or null for door delivery (method 2). */
  pointCode: string | null;
  /** Door delivery: the carrier city code and the address line. */
  address: { cityCode: number; line: string } | null;
  /** The shopper's city, for staff (the shipments list); not sent to the carrier. */
  toCityName?: string;
  /** Where the parcel starts: the carrier city code of the warehouse holding the stock. */
  fromCityCode: number;
  /**
   * The carrier office the shop hands parcels in at in that city (CDEK `shipment_point`, needed by «склад-…»
   * tariffs), or null when the carrier collects from the warehouse (`from_location`).
   */
  shipmentPoint: string | null;
  sender: ShipmentContact;
  recipient: ShipmentContact;
  parcel: { weightG: number; lengthCm: number; widthCm: number; heightCm: number };
  items: ShipmentItem[];
  /** Delivery charge the shopper pays on delivery, tenge (0 when paid online). */
  deliveryCollect: number;
}

/** The carrier's answer to a registration it validates later. */
export type RequestState = 'accepted' | 'valid' | 'invalid';

/** One status of a parcel in the carrier's words. */
export interface CarrierStatus {
  /** The carrier's code (CDEK `code`, e.g. `ACCEPTED_AT_PICK_UP_POINT`). */
  code: string;
  /** The carrier's own Russian name of it. */
  name: string;
  /** When it happened, ISO 8601 UTC. */
  at: string;
  city: string;
}

/** A parcel as the carrier knows it. */
export interface CarrierShipment {
  /** The carrier's id of the registration (CDEK `uuid`). */
  id: string;
  orderNumber: string;
  /** The tracking number the shopper can use (CDEK `cdek_number`), once valid. */
  trackNumber: string | null;
  requestState: RequestState;
  /** Why the registration was refused, in the carrier's words (Russian for CDEK). */
  problems: { code: string; message: string }[];
  /** Newest first. */
  statuses: CarrierStatus[];
}

/**
 * A carrier's shipments. Every method throws CarrierUnavailableError when the carrier cannot answer, and
 * {@link ShipmentRefusedError} when it refuses a request outright.
 */
export interface ShipmentCarrier {
  readonly code: string;
  /** Registers the parcel. @returns the carrier's id; validation follows (read it). */
  register(request: ShipmentRequest): Promise<string>;
  /** The latest parcel registered under the shop's order number, or null. */
  findByOrderNumber(orderNumber: string): Promise<CarrierShipment | null>;
  read(id: string): Promise<CarrierShipment>;
  /** Orders a label for the parcel. @returns the print form's id (ready a moment later). */
  requestLabel(id: string): Promise<string>;
  /** The label's PDF, or null while the carrier is still making it. */
  label(formId: string): Promise<Buffer | null>;
  /** Asks the carrier to post status hints to `url`. @returns the subscription's id. */
  subscribe(url: string): Promise<string>;
}

/** The carrier refused the request itself (not a failure to answer): retrying the same request cannot help. */
export class ShipmentRefusedError extends Error {
  constructor(
    readonly carrier: string,
    readonly problems: { code: string; message: string }[],
  ) {
    super(`${carrier} refused: ${problems.map((p) => `${p.code} ${p.message}`).join('; ')}`);
    this.name = 'ShipmentRefusedError';
  }
}
