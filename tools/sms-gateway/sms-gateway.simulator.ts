import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local simulator of the Kazakh SMS gateways for tests (design/payments-sms.md; used by the SMS module's
 * sms.gateways.test.ts): one HTTP server on 127.0.0.1 that speaks Mobizon (`POST /service/message/sendsmsmessage?output=json&api=v1&apiKey=…`) and
 * SMSC.kz (`POST /sys/send.php`, `fmt=3`), form-encoded, answering JSON as the real gateways do. It checks
 * the credentials it was started with and records every request; a test may script the next answers.
 * A request is recorded when the simulator reads it, which may be after its client gave up (a client timeout
 * while the process was starved): a test that lets a request time out should use a simulator of its own and
 * close it, so that the request cannot land in another test's `requests`.
 */
export interface GatewayRequest {
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  host: string;
}

/** A scripted answer: a status and a JSON body, or a raw text body, or no answer within `delayMs`. */
export interface ScriptedAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

export interface GatewaySim {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Every request received (none when started with `record: false`). */
  requests: GatewayRequest[];
  /** Answers to give to the next requests, in order (then the normal behaviour resumes). */
  script(...answers: ScriptedAnswer[]): void;
  /** Stops listening, drops every connection (with any request not read yet) and the delayed answers due. */
  close(): Promise<void>;
}

type Creds = { mobizonKey: string; smscLogin: string; smscPassword: string };
/** A JSON answer: status and body. */
type Answer = [status: number, body: unknown];

/**
 * Mobizon's answer to `POST /service/message/sendsmsmessage`: `code` 0 with the message id, or 100 (taken for
 * background sending) when `background()` says so; code 1 without `recipient` or `text`, or with
 * `params[validity]` outside 60–1440 minutes; code 8 for a wrong key.
 */
function mobizonAnswer(
  request: GatewayRequest,
  creds: Creds,
  messageId: () => number,
  background: () => boolean,
): Answer {
  const { query, form } = request;
  if (query.output !== 'json' || query.api !== 'v1')
    return [200, { code: 1, data: { output: 'unsupported' }, message: 'Bad parameters' }];
  if (query.apiKey !== creds.mobizonKey)
    return [200, { code: 8, data: '', message: 'Authentication failed' }];
  if (!/^\d{11,15}$/.test(form.recipient ?? ''))
    return [200, { code: 1, data: { recipient: 'Неверный номер получателя' }, message: 'Validation error' }];
  if (!form.text) return [200, { code: 1, data: { text: 'Пустой текст' }, message: 'Validation error' }];
  const validity = form['params[validity]'];
  if (validity !== undefined && !(/^\d+$/.test(validity) && +validity >= 60 && +validity <= 1440))
    return [
      200,
      { code: 1, data: { 'params[validity]': 'От 60 до 1440 минут' }, message: 'Validation error' },
    ];
  const id = messageId();
  // Mobizon may take a message for background sending: code 100, no message id yet (MobizonApi.php).
  if (background()) return [200, { code: 100, data: { campaignId: String(id - 1) }, message: '' }];
  return [
    200,
    { code: 0, data: { campaignId: String(id - 1), messageId: String(id), status: 1 }, message: '' },
  ];
}

/** SMSC.kz's answer to `POST /sys/send.php` (`fmt=3`: `{id, cnt}`, else `{error, error_code}`). */
function smscAnswer(request: GatewayRequest, creds: Creds, messageId: () => number): Answer {
  const { form } = request;
  if (form.fmt !== '3' || form.charset !== 'utf-8' || !form.mes)
    return [200, { error: 'parameters error', error_code: 1 }];
  if (form.login !== creds.smscLogin || form.psw !== creds.smscPassword)
    return [200, { error: 'authorise error', error_code: 2 }];
  if (!/^\d{11,15}$/.test(form.phones ?? '')) return [200, { error: 'invalid number', error_code: 7 }];
  return [200, { id: messageId(), cnt: 1 }];
}

/** Sends a scripted answer (after its delay, if any: the delay's timer is kept in `delays` until it fires). */
function sendScripted(res: http.ServerResponse, answer: ScriptedAnswer, delays: Set<NodeJS.Timeout>): void {
  const reply = () => {
    const text = answer.text !== undefined;
    res.writeHead(answer.status ?? 200, { 'content-type': text ? 'text/html' : 'application/json' });
    res.end(text ? answer.text : JSON.stringify(answer.json ?? {}));
  };
  if (!answer.delayMs) return reply();
  const timer = setTimeout(() => {
    delays.delete(timer);
    reply();
  }, answer.delayMs);
  delays.add(timer);
}

/** Where and how the simulator runs. */
export interface GatewaySimOptions {
  /** Loopback port to listen on (0, the default: a free one). */
  port?: number;
  /** Keep every request in `requests` (default true, for tests); false for a long run (the bench's SMS gateway). */
  record?: boolean;
  /** Every n-th accepted Mobizon message is answered code 100 (background sending) instead of 0; 0 never. */
  mobizonBackgroundEvery?: number;
}

/**
 * Starts the simulator on a loopback port (a free one unless `opts.port`).
 * @param creds the Mobizon API key and the SMSC login/password it accepts.
 */
export async function startGatewaySim(creds: Creds, opts: GatewaySimOptions = {}): Promise<GatewaySim> {
  const requests: GatewayRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  const delays = new Set<NodeJS.Timeout>();
  let lastId = 1000;
  const messageId = () => ++lastId;
  let accepted = 0;
  const every = opts.mobizonBackgroundEvery ?? 0;
  const background = () => every > 0 && ++accepted % every === 0;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const request = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        host: req.headers.host ?? '',
      };
      if (opts.record !== false) requests.push(request);
      const answer = scripted.shift();
      if (answer) return sendScripted(res, answer, delays);
      const [status, body]: Answer =
        req.method !== 'POST'
          ? [405, { error: 'method' }]
          : url.pathname === '/service/message/sendsmsmessage'
            ? mobizonAnswer(request, creds, messageId, background)
            : url.pathname === '/sys/send.php'
              ? smscAnswer(request, creds, messageId)
              : [404, { error: 'not found' }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    script: (...answers) => void scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delays) clearTimeout(timer);
        delays.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
