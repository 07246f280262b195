import { z } from 'zod';

// Kaspi Pay's partner API as Kiim speaks it — RECONSTRUCTED from open-source clients (kaspi.md A; docs/kaspi.md),
// not Kaspi's published contract. Everything protocol-specific is in this one file: paths, request bodies, the
// answers' shapes, statuses and error codes. When Kaspi's partner documentation is in hand, correct it here (and
// tools/kaspi-simulator to match); the rest of the module reads only the names exported below.

/** Paths relative to the scheme prefix in KASPI_PAY_API_URL (kaspi.md A3). */
export const PATHS = {
  registerDevice: 'device/register',
  qr: 'qr/create',
  link: 'qr/create-link',
  remote: 'remote/create',
  status: (qrPaymentId: string) => `payment/status/${encodeURIComponent(qrPaymentId)}`,
  details: (qrPaymentId: string, deviceToken: string) =>
    `payment/details?QrPaymentId=${encodeURIComponent(qrPaymentId)}&DeviceToken=${encodeURIComponent(deviceToken)}`,
  return: 'payment/return',
} as const;

/** The envelope of every answer (A2): `StatusCode` 0 is success. */
export const envelope = z.object({
  StatusCode: z.number().int(),
  Message: z.string().max(2000).nullish(),
  Data: z.unknown().optional(),
});

/** An id Kaspi declares int64, read as a decimal string (never rounded through a double). */
const kaspiId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
/** Seconds, bounded (a hostile answer cannot make the shop poll every millisecond or wait for ever). */
const seconds = (min: number) => z.number().int().min(min).max(86_400);

/** `QrPaymentBehaviorOptions` (A5); a link's `PaymentBehaviorOptions` has `LinkActivationWaitTimeout` instead. */
const behaviour = z
  .object({
    StatusPollingInterval: seconds(1),
    QrCodeScanWaitTimeout: seconds(10).optional(),
    LinkActivationWaitTimeout: seconds(10).optional(),
    PaymentConfirmationTimeout: seconds(10),
  })
  .transform((o) => ({
    pollSeconds: o.StatusPollingInterval,
    scanSeconds: o.QrCodeScanWaitTimeout ?? o.LinkActivationWaitTimeout ?? 180,
    confirmSeconds: o.PaymentConfirmationTimeout,
  }));

/** `Data` of each call, validated (A3). */
export const answers = {
  registerDevice: z.object({
    DeviceToken: z.union([z.string().min(1).max(200), z.number()]).transform(String),
  }),
  qr: z.object({
    QrToken: z.string().min(1).max(2000),
    ExpireDate: z.string().max(40),
    QrPaymentId: kaspiId,
    QrPaymentBehaviorOptions: behaviour,
  }),
  link: z.object({
    PaymentLink: z.url().max(2000),
    ExpireDate: z.string().max(40),
    PaymentId: kaspiId,
    PaymentBehaviorOptions: behaviour,
  }),
  remote: z.object({ QrPaymentId: kaspiId }),
  status: z.object({
    Status: z.string().min(1).max(60),
    TransactionId: kaspiId.nullish(),
    Amount: z.number().nonnegative().max(1e10).nullish(),
  }),
  details: z.object({
    QrPaymentId: kaspiId,
    TotalAmount: z.number().nonnegative().max(1e10),
    AvailableReturnAmount: z.number().nonnegative().max(1e10),
  }),
  return: z.object({ ReturnOperationId: kaspiId }),
};

/** The options Kiim uses when Kaspi's answer has none (remote invoices): the test fixture's 5/180/65 s (A5). */
export const DEFAULT_BEHAVIOUR = { pollSeconds: 5, scanSeconds: 180, confirmSeconds: 65 } as const;

/** A remote invoice is polled like a QR; it has no scan step, so it waits this long to be paid (seconds). */
export const REMOTE_WAIT_SECONDS = 15 * 60;

/** Request bodies (A3). `bin` is sent as `OrganizationBin` when configured (enhanced scheme). */
export const requests = {
  registerDevice: (deviceId: string, tradePointId: number, bin?: string) => ({
    DeviceId: deviceId,
    TradePointId: tradePointId,
    ...(bin ? { OrganizationBin: bin } : {}),
  }),
  create: (deviceToken: string, amount: number, externalId: string, bin?: string) => ({
    DeviceToken: deviceToken,
    Amount: amount,
    ExternalId: externalId,
    ...(bin ? { OrganizationBin: bin } : {}),
  }),
  remote: (deviceToken: string, amount: number, phone: string, comment: string, bin: string) => ({
    OrganizationBin: bin,
    Amount: amount,
    PhoneNumber: phone,
    DeviceToken: deviceToken,
    Comment: comment,
  }),
  return: (deviceToken: string, qrPaymentId: string, amount: number, bin?: string) => ({
    DeviceToken: deviceToken,
    QrPaymentId: Number(qrPaymentId),
    Amount: amount,
    ...(bin ? { OrganizationBin: bin } : {}),
  }),
};

/** What a payment's status means to Kiim (A4): only `Processed` is paid. Unknown statuses are `waiting`. */
export type KaspiState = 'waiting' | 'scanned' | 'paid' | 'refused' | 'expired';

/** Kaspi's status → {@link KaspiState}. */
export function stateOf(status: string): KaspiState {
  switch (status) {
    case 'Processed':
      return 'paid';
    case 'Wait':
      return 'scanned';
    case 'Error':
    case 'QrTokenDiscarded':
    case 'RemotePaymentCanceled':
    case 'RemotePaymentRejected':
      return 'refused';
    case 'Expired':
      return 'expired';
    default:
      return 'waiting';
  }
}

/** Error codes (A8) the shop acts on; RomanBronevik's positive forms are matched too. */
export const CODES = {
  deviceNotFound: -1501,
  deviceDeactivated: -1502,
  deviceExists: -1503,
  purchaseNotFound: -1601,
  unavailable: -999,
  refundAboveAvailable: -99000005,
  partialRefundUnavailable: -99000020,
} as const;

/** Codes after which the same call may succeed later (service unavailable). */
export const isRetryable = (code: number): boolean => code === CODES.unavailable;
/** Codes saying the stored device token is no longer valid (register again). */
export const isDeviceGone = (code: number): boolean =>
  code === CODES.deviceNotFound || code === CODES.deviceDeactivated;
