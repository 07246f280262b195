import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  age,
  emulate,
  newDeviceToken,
  type EmulatorAction,
  type KaspiState,
  type PaymentKind,
  type SimPayment,
} from './simulator.state.ts';

// Kaspi Pay's partner API as reconstructed in kaspi.md A2–A9: every answer is the envelope
// `{StatusCode, Message, Data}` (0 = success, A8's codes otherwise), requests are validated strictly (unknown
// fields and wrong types refused), and the emulator calls drive a payment through its states.

/** The scheme prefix the simulator serves (the enhanced scheme's, kaspi.md A1). */
export const PREFIX = '/r3/v01';

const ok = (Data: unknown) => ({ StatusCode: 0, Message: '', Data });
const fail = (StatusCode: number, Message: string) => ({ StatusCode, Message, Data: null });

const deviceToken = z.string().min(1).max(100);
const bin = z.string().regex(/^\d{12}$/);
const amount = z.number().positive().max(100_000_000).multipleOf(0.01);
const id = z.number().int().positive();

const schemas = {
  register: z.strictObject({
    DeviceId: z.string().min(1).max(100),
    TradePointId: id,
    OrganizationBin: bin.optional(),
  }),
  create: z.strictObject({
    DeviceToken: deviceToken,
    Amount: amount,
    ExternalId: z.string().min(1).max(100),
    OrganizationBin: bin.optional(),
  }),
  remote: z.strictObject({
    OrganizationBin: bin,
    Amount: amount,
    PhoneNumber: z.string().regex(/^7\d{10}$/),
    DeviceToken: deviceToken,
    Comment: z.string().max(300).optional(),
  }),
  ret: z.strictObject({
    DeviceToken: deviceToken,
    QrPaymentId: id,
    QrReturnId: id.optional(),
    Amount: amount,
    OrganizationBin: bin.optional(),
  }),
  emulator: z.strictObject({ qrPaymentId: z.union([id, z.string().regex(/^\d{1,15}$/)]) }),
};

/** An answer: the HTTP status and the envelope. */
type Answer = [number, unknown];

/** Checks `Api-Key` and `X-Request-ID` (kaspi.md A1, basic scheme's headers, required here for every scheme). */
function authProblem(state: KaspiState, request: FastifyRequest): Answer | null {
  if (request.headers['api-key'] !== state.credentials.apiKey) return [401, fail(-10000, 'No certificate')];
  const rid = request.headers['x-request-id'];
  if (typeof rid !== 'string' || !z.uuid().safeParse(rid).success)
    return [400, fail(-1, 'X-Request-ID must be a UUID')];
  return null;
}

/** An enhanced-scheme body's OrganizationBin, when given, must be the organisation's. */
const wrongBin = (state: KaspiState, given: string | undefined) =>
  given !== undefined && given !== state.credentials.organizationBin;

/** The device of a token: -1501 unknown, -1502 deactivated. */
function device(state: KaspiState, token: string): Answer | null {
  const d = state.devices.get(token);
  if (!d) return [200, fail(-1501, 'Device not found')];
  if (!d.active) return [200, fail(-1502, 'Device deactivated')];
  return null;
}

/** Creates a payment of `kind` and answers as qr/create, qr/create-link or remote/create do. */
function createPayment(
  state: KaspiState,
  kind: PaymentKind,
  body: { DeviceToken: string; Amount: number; ExternalId?: string; PhoneNumber?: string },
): Answer {
  const p: SimPayment = {
    id: state.nextId++,
    kind,
    deviceToken: body.DeviceToken,
    externalId: body.ExternalId ?? '',
    amount: body.Amount,
    phoneNumber: body.PhoneNumber ?? null,
    status: kind === 'remote' ? 'RemotePaymentCreated' : 'QrTokenCreated',
    createdAt: state.now(),
    scannedAt: null,
    transactionId: null,
    returned: 0,
    options: { ...state.behaviour.options },
  };
  state.payments.set(p.id, p);
  const expire = new Date(p.createdAt.getTime() + p.options.QrCodeScanWaitTimeout * 1000).toISOString();
  const methods = ['Gold', 'Red', 'Loan'];
  if (kind === 'remote') return [200, ok({ QrPaymentId: p.id })];
  if (kind === 'link') {
    const { QrCodeScanWaitTimeout, ...rest } = p.options;
    return [
      200,
      ok({
        PaymentLink: `https://pay.kaspi.kz/pay/${p.id}`,
        ExpireDate: expire,
        PaymentId: p.id,
        PaymentMethods: methods,
        PaymentBehaviorOptions: { ...rest, LinkActivationWaitTimeout: QrCodeScanWaitTimeout },
      }),
    ];
  }
  return [
    200,
    ok({
      QrToken: `https://qr.kaspi.kz/${p.id}${p.externalId ? '-' + encodeURIComponent(p.externalId) : ''}`,
      ExpireDate: expire,
      QrPaymentId: p.id,
      PaymentMethods: methods,
      QrPaymentBehaviorOptions: p.options,
    }),
  ];
}

/** `payment/return`: -1601 unknown, -99000011 not paid, -99000005 above what is left, -99000020 partial refused. */
function returnPayment(state: KaspiState, body: z.infer<typeof schemas.ret>): Answer {
  const p = state.payments.get(body.QrPaymentId);
  if (!p) return [200, fail(-1601, 'Purchase not found')];
  if (p.status !== 'Processed') return [200, fail(-99000011, 'Wrong purchase')];
  const left = p.amount - p.returned;
  if (body.Amount > left) return [200, fail(-99000005, 'Refund amount greater than available')];
  if (body.Amount < left && state.behaviour.partialReturnRefused)
    return [200, fail(-99000020, 'Partial refund unavailable')];
  p.returned += body.Amount;
  const returnOperationId = 700_000_000 + state.returns.length + 1;
  state.returns.push({ paymentId: p.id, amount: body.Amount, returnOperationId });
  return [200, ok({ ReturnOperationId: returnOperationId })];
}

/** Parses `body` with `schema`, or answers 400 with the envelope. */
function parse<T>(schema: z.ZodType<T>, body: unknown): { data: T } | { answer: Answer } {
  const r = schema.safeParse(body);
  if (r.success) return { data: r.data };
  const where = r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
  return { answer: [400, fail(-1, `Invalid request: ${where}`)] };
}

/** Registers the partner API and the emulator calls under {@link PREFIX}. */
export function registerRoutes(app: FastifyInstance, state: KaspiState): void {
  const send = async (reply: FastifyReply, [status, body]: Answer) => {
    if (state.behaviour.delayMs > 0) await new Promise((r) => setTimeout(r, state.behaviour.delayMs));
    return reply.code(status).send(body);
  };
  app.addHook('preHandler', async (request, reply) => {
    if (state.behaviour.fault === 'http500') return reply.code(500).send('Internal Server Error');
    if (state.behaviour.fault === 'unavailable')
      return send(reply, [200, fail(-999, 'Service unavailable, retry later')]);
    const problem = authProblem(state, request);
    if (problem) return send(reply, problem);
  });
  const post = (path: string, handle: (body: unknown) => Answer) =>
    app.post(`${PREFIX}/${path}`, async (request, reply) => send(reply, handle(request.body)));

  app.get(`${PREFIX}/partner/tradepoints`, async (_r, reply) =>
    send(reply, [200, ok(state.credentials.tradePoints)]),
  );
  post('device/register', (body) => {
    const p = parse(schemas.register, body);
    if ('answer' in p) return p.answer;
    if (wrongBin(state, p.data.OrganizationBin)) return [200, fail(-14000002, 'No trade points')];
    if (!state.credentials.tradePoints.some((t) => t.TradePointId === p.data.TradePointId))
      return [200, fail(-99000002, 'Trade point not found')];
    if ([...state.devices.values()].some((d) => d.deviceId === p.data.DeviceId && d.active))
      return [200, fail(-1503, 'Device already exists')];
    const token = newDeviceToken();
    state.devices.set(token, {
      token,
      deviceId: p.data.DeviceId,
      tradePointId: p.data.TradePointId,
      active: true,
    });
    return [200, ok({ DeviceToken: token })];
  });
  for (const [path, kind] of [
    ['qr/create', 'qr'],
    ['qr/create-link', 'link'],
  ] as const) {
    post(path, (body) => {
      const p = parse(schemas.create, body);
      if ('answer' in p) return p.answer;
      if (wrongBin(state, p.data.OrganizationBin))
        return [200, fail(-99000003, 'Trade point does not match')];
      return device(state, p.data.DeviceToken) ?? createPayment(state, kind, p.data);
    });
  }
  post('remote/create', (body) => {
    const p = parse(schemas.remote, body);
    if ('answer' in p) return p.answer;
    if (wrongBin(state, p.data.OrganizationBin)) return [200, fail(-99000003, 'Trade point does not match')];
    return device(state, p.data.DeviceToken) ?? createPayment(state, 'remote', p.data);
  });
  app.get<{ Params: { id: string } }>(`${PREFIX}/payment/status/:id`, async (request, reply) => {
    const p = /^\d{1,15}$/.test(request.params.id) && state.payments.get(Number(request.params.id));
    if (!p) return send(reply, [200, fail(-1601, 'Purchase not found')]);
    age(state, p);
    return send(reply, [
      200,
      ok({
        Status: p.status,
        TransactionId: p.transactionId,
        Amount: p.amount,
        LoanTerm: 0,
        LoanOfferName: null,
        IsOffer: false,
        ProductType: 'Gold',
        StoreName: 'Kiim',
        Address: 'Алматы',
        City: 'Алматы',
      }),
    ]);
  });
  app.get<{ Querystring: Record<string, string> }>(`${PREFIX}/payment/details`, async (request, reply) => {
    const p = state.payments.get(Number(request.query.QrPaymentId));
    if (!p || p.deviceToken !== request.query.DeviceToken)
      return send(reply, [200, fail(-1601, 'Purchase not found')]);
    const details = {
      QrPaymentId: p.id,
      TotalAmount: p.amount,
      AvailableReturnAmount: p.status === 'Processed' ? p.amount - p.returned : 0,
      TransactionDate: p.createdAt.toISOString(),
    };
    return send(reply, [200, ok(details)]);
  });
  app.post(`${PREFIX}/payment/return`, async (request, reply) => {
    const p = parse(schemas.ret, request.body);
    if ('answer' in p) return send(reply, p.answer);
    if (wrongBin(state, p.data.OrganizationBin)) return send(reply, [200, fail(-99000003, 'Wrong BIN')]);
    const answer = device(state, p.data.DeviceToken) ?? returnPayment(state, p.data);
    if (state.behaviour.loseReturnAnswers) {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    return send(reply, answer);
  });
  for (const action of ['scan', 'confirm', 'scanerror', 'confirmerror'] as EmulatorAction[]) {
    post(`test/payment/${action}`, (body) => {
      const p = parse(schemas.emulator, body);
      if ('answer' in p) return p.answer;
      const payment = state.payments.get(Number(p.data.qrPaymentId));
      if (!payment) return [200, fail(-1601, 'Purchase not found')];
      const refused = emulate(state, payment, action);
      return refused ? [200, fail(-99000011, refused)] : [200, ok(null)];
    });
  }
  app.get(`${PREFIX}/health/ping`, async (_r, reply) => send(reply, [200, ok('pong')]));
}
