import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local simulator of the Kazakh SMS gateways for tests (design/payments-sms.md; used by the SMS module's
 * sms.gateways.test.ts): one HTTP server on 127.0.0.1 that speaks Mobizon (`POST /service/message/sendsmsmessage?output=json&api=v1&apiKey=…`) and
 * SMSC.kz (`POST /sys/send.php`, `fmt=3`), form-encoded, answering JSON as the real gateways do. It checks
 * the credentials it was started with and records every request; a test may script the next answers.
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
  requests: GatewayRequest[];
  /** Answers to give to the next requests, in order (then the normal behaviour resumes). */
  script(...answers: ScriptedAnswer[]): void;
  close(): Promise<void>;
}

/**
 * Starts the simulator on a free loopback port.
 * @param creds the Mobizon API key and the SMSC login/password it accepts.
 */
export async function startGatewaySim(creds: {
  mobizonKey: string;
  smscLogin: string;
  smscPassword: string;
}): Promise<GatewaySim> {
  const requests: GatewayRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  let nextId = 1000;

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
      requests.push(request);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const answer = scripted.shift();
      if (answer) {
        const reply = () => {
          if (answer.text !== undefined) {
            res.writeHead(answer.status ?? 200, { 'content-type': 'text/html' });
            res.end(answer.text);
          } else send(answer.status ?? 200, answer.json ?? {});
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
        return;
      }
      if (req.method !== 'POST') return send(405, { error: 'method' });
      if (url.pathname === '/service/message/sendsmsmessage') {
        if (url.searchParams.get('output') !== 'json' || url.searchParams.get('api') !== 'v1')
          return send(200, { code: 1, data: { output: 'unsupported' }, message: 'Bad parameters' });
        if (url.searchParams.get('apiKey') !== creds.mobizonKey)
          return send(200, { code: 8, data: '', message: 'Authentication failed' });
        if (!/^\d{11,15}$/.test(form.recipient ?? ''))
          return send(200, {
            code: 1,
            data: { recipient: 'Неверный номер получателя' },
            message: 'Validation error',
          });
        if (!form.text)
          return send(200, { code: 1, data: { text: 'Пустой текст' }, message: 'Validation error' });
        return send(200, {
          code: 0,
          data: { campaignId: String(nextId), messageId: String(++nextId), status: 1 },
          message: '',
        });
      }
      if (url.pathname === '/sys/send.php') {
        if (form.fmt !== '3' || form.charset !== 'utf-8' || !form.mes)
          return send(200, { error: 'parameters error', error_code: 1 });
        if (form.login !== creds.smscLogin || form.psw !== creds.smscPassword)
          return send(200, { error: 'authorise error', error_code: 2 });
        if (!/^\d{11,15}$/.test(form.phones ?? ''))
          return send(200, { error: 'invalid number', error_code: 7 });
        return send(200, { id: ++nextId, cnt: 1 });
      }
      send(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    script: (...answers) => void scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
