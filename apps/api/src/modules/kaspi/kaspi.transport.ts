import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { createSecureContext } from 'node:tls';

// How the Kaspi Pay adapter reaches Kaspi (docs/kaspi.md): the standard and enhanced schemes (`/r2/v01`,
// `/r3/v01`) authenticate the shop by a client certificate (mutual TLS) that Kaspi issues on signing; the basic
// scheme and the simulator by the `Api-Key` header alone. With a certificate configured, calls go through
// node:https with an agent holding it (fetch takes no client certificate without an extra package); without one,
// through fetch.

/** The shop's client certificate for mutual TLS (a PKCS#12 file, or a PEM certificate and key) and Kaspi's CA. */
export interface KaspiClientCertificate {
  /** Path of a .pfx/.p12 file (certificate and key), or of a PEM certificate when `keyPath` is set; absent: a CA only. */
  certPath?: string | undefined;
  /** Path of the PEM private key of a PEM certificate; absent for PKCS#12. */
  keyPath?: string | undefined;
  /** The PKCS#12 file's (or encrypted key's) password. */
  password?: string | undefined;
  /** Path of the PEM CA that signed Kaspi's server certificate, when not a public one. */
  caPath?: string | undefined;
}

/** One HTTP call's answer: status and body text. */
export interface KaspiAnswer {
  status: number;
  text: string;
}

/** Sends one call; rejects on no answer (network, TLS, timeout). */
export type KaspiSend = (
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number },
) => Promise<KaspiAnswer>;

/** The most of an answer read (Kaspi's answers are a few kilobytes). */
const MAX_ANSWER_BYTES = 1_000_000;

/**
 * The transport for a configuration: node:https with the client certificate and/or CA when set, else fetch.
 * @throws Error when a certificate file cannot be read or the PKCS#12 password is wrong (checked at start).
 */
export function kaspiTransport(certificate: KaspiClientCertificate | undefined): KaspiSend {
  if (!certificate) return sendByFetch;
  const read = (path: string) => readFileSync(path);
  const tls = {
    ...(certificate.certPath === undefined
      ? {}
      : certificate.keyPath
        ? { cert: read(certificate.certPath), key: read(certificate.keyPath) }
        : { pfx: read(certificate.certPath) }),
    ...(certificate.password ? { passphrase: certificate.password } : {}),
    ...(certificate.caPath ? { ca: read(certificate.caPath) } : {}),
  };
  // A wrong password or a broken file fails here, at start, not at the first payment.
  createSecureContext(tls);
  const agent = new Agent({ keepAlive: true, ...tls });
  return (url, init) => sendByHttps(agent, url, init);
}

const sendByFetch: KaspiSend = async (url, init) => {
  const res = await fetch(url, {
    method: init.method,
    headers: init.headers,
    body: init.body,
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  return { status: res.status, text: await res.text() };
};

function sendByHttps(agent: Agent, url: string, init: Parameters<KaspiSend>[1]): Promise<KaspiAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method, headers: init.headers, agent, timeout: init.timeoutMs },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${init.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
