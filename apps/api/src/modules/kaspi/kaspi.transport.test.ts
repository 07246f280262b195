import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kaspiConfig } from '#app/config.kaspi.ts';
import { createKaspiPay, KaspiError } from './kaspi.client.ts';
import { kaspiTransport } from './kaspi.transport.ts';

// Mutual TLS to Kaspi (standard and enhanced schemes, docs/kaspi.md): a local HTTPS server that, like Kaspi, takes
// only clients with a certificate its CA signed; certificates made by openssl for the test (skipped without it).

const dir = mkdtempSync(path.join(tmpdir(), 'kiim-kaspi-tls-'));
const file = (name: string) => path.join(dir, name);
let hasOpenssl = true;
try {
  execFileSync('openssl', ['version'], { stdio: 'ignore' });
} catch {
  hasOpenssl = false;
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate (PEM and a .p12 with a password). */
function makeCertificates() {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  ssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test Kaspi CA',
  );
  writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  for (const who of ['server', 'client']) {
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${who}.key`,
      '-out',
      `${who}.csr`,
      '-subj',
      `/CN=${who}`,
    );
    ssl(
      ...['x509', '-req', '-in', `${who}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'],
      ...['-out', `${who}.pem`, '-days', '2', ...(who === 'server' ? ['-extfile', 'server.ext'] : [])],
    );
  }
  ssl(
    ...['pkcs12', '-export', '-in', 'client.pem', '-inkey', 'client.key', '-out', 'client.p12'],
    ...[
      '-passout',
      'pass:kiim-secret',
      '-certpbe',
      'AES-256-CBC',
      '-keypbe',
      'AES-256-CBC',
      '-macalg',
      'sha256',
    ],
  );
}

let server: Server;
let url: string;
const seen: { cn: string; apiKey: string | undefined }[] = [];

beforeAll(async () => {
  if (!hasOpenssl) return;
  makeCertificates();
  server = createServer(
    {
      key: readFileSync(file('server.key')),
      cert: readFileSync(file('server.pem')),
      ca: readFileSync(file('ca.pem')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      seen.push({ cn: String(peer.subject?.CN), apiKey: req.headers['api-key'] as string | undefined });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ StatusCode: 0, Message: 'OK', Data: { DeviceToken: 'device-token-1' } }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/r3/v01`;
});
afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  rmSync(dir, { recursive: true, force: true });
});

const live = (extra: Record<string, string>) =>
  kaspiConfig({
    NODE_ENV: 'production',
    KASPI_PAY_MODE: 'live',
    KASPI_PAY_API_URL: url,
    KASPI_PAY_TRADE_POINT_ID: 42,
    KASPI_PAY_ORGANIZATION_BIN: '180340021791',
    KASPI_PAY_DEVICE_ID: 'kiim-web',
    KASPI_PAY_TIMEOUT_MS: 5000,
    KASPI_PAY_POLL_SECONDS: 2,
    KASPI_PAY_SIMULATOR_PORT: 0,
    ...extra,
  });

describe.skipIf(!hasOpenssl)('Kaspi Pay over mutual TLS', () => {
  it('signs in with the .p12 certificate (no API key sent) and with a PEM certificate and key', async () => {
    const p12 = createKaspiPay(
      live({
        KASPI_PAY_CLIENT_CERT: file('client.p12'),
        KASPI_PAY_CLIENT_CERT_PASSWORD: 'kiim-secret',
        KASPI_PAY_CA: file('ca.pem'),
      }),
    );
    expect(await p12.registerDevice()).toBe('device-token-1');
    const pem = createKaspiPay(
      live({
        KASPI_PAY_CLIENT_CERT: file('client.pem'),
        KASPI_PAY_CLIENT_KEY: file('client.key'),
        KASPI_PAY_CA: file('ca.pem'),
      }),
    );
    expect(await pem.registerDevice()).toBe('device-token-1');
    expect(seen.slice(-2)).toEqual([
      { cn: 'client', apiKey: undefined },
      { cn: 'client', apiKey: undefined },
    ]);
  });

  it('is refused by Kaspi without a certificate, and a wrong password fails at start', async () => {
    const before = seen.length;
    const none = createKaspiPay(
      live({ KASPI_PAY_API_KEY: 'a-real-kaspi-key', KASPI_PAY_CA: file('ca.pem') }),
    );
    const err = await none.registerDevice().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KaspiError);
    expect((err as KaspiError).retryable).toBe(true);
    expect(seen.length).toBe(before);
    expect(() =>
      kaspiTransport({ certPath: file('client.p12'), password: 'wrong', caPath: file('ca.pem') }),
    ).toThrow();
  });
});
