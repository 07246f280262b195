import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'selfsigned';
import { startShop, type RunningShop } from './shop.ts';

// Issue 11 at the socket: requests no browser sends (TRACE, a broken Host, huge or slow bodies) answered and the
// process still up; the shop behind a TLS-terminating proxy on this host (the normal deployment); cross-site posts
// to resource routes refused; a graceful stop. Raw requests go through net.connect, so nothing is normalised on
// the way.

/** The repository's root: `npm start` and the compiled server run from there. */
const root = path.resolve(import.meta.dirname, '../../../..');

let shop: RunningShop;
beforeAll(async () => {
  // Short request timeout so the slow-body test does not wait the production 30 s.
  shop = await startShop({ REQUEST_TIMEOUT_MS: '2000' });
});
afterAll(async () => shop?.stop());

const port = () => Number(new URL(shop.url).port);

/** Sends `raw` bytes on a fresh connection; resolves with everything the server wrote until it closed or `idleMs`. */
function rawRequest(raw: string | Buffer, idleMs = 3000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port(), '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout;
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        socket.destroy();
        resolve({ text, closed: false });
      }, idleMs);
    };
    socket.on('connect', () => {
      socket.write(raw);
      idle();
    });
    socket.on('data', (d) => {
      text += d.toString('latin1');
      idle();
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    socket.on('error', reject);
  });
}

/** A raw POST of `body` to `url` with that Content-Type (none when null), on a connection that closes after. */
const post = (url: string, type: string | null, body: string) =>
  `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${type ? `Content-Type: ${type}\r\n` : ''}` +
  `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);

async function expectAlive() {
  expect(shop.process.exitCode).toBeNull();
  const res = await fetch(`${shop.url}/build-id`);
  expect(res.status).toBe(200);
}

describe('malformed requests never end the process (issue 11 §1)', () => {
  it.each([
    ['TRACE', 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 405],
    ['CONNECT', 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 0],
    ['an unparsable Host', 'GET / HTTP/1.1\r\nHost: [\r\nConnection: close\r\n\r\n', 400],
    ['a Host with a path', 'GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n', 400],
    [
      'POST with an unparsable Host',
      'POST /city HTTP/1.1\r\nHost: [::\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
      400,
    ],
    // Issue 29 item 6: each of these answered 500.
    ['a Host with user-info', 'GET / HTTP/1.1\r\nHost: evil.com@127.0.0.1\r\nConnection: close\r\n\r\n', 400],
    ...['/Cart', '/Cart/checkout', '/auth/sign-in', '/city', '/wishlist'].flatMap((url) => [
      [`JSON posted to ${url}`, post(url, 'application/json', '{"intent":"add"}'), 415],
      [`text posted to ${url}`, post(url, 'text/plain', 'intent=add'), 415],
      [`broken multipart posted to ${url}`, post(url, 'multipart/form-data; boundary=x', '--y\r\nzz'), 400],
      [`a body without a type posted to ${url}`, post(url, null, '\u0000\u0001'), 400],
    ]),
  ] as [string, string, number][])('%s → a 4xx answer', async (_name, raw, status) => {
    const { text } = await rawRequest(raw);
    if (status) expect(statusOf(text)).toBe(status);
    await expectAlive();
  });

  it.each([
    ['an unknown method', 'BREW / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['TRACK (unknown to the parser)', 'TRACK / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'],
    ['a broken request line', 'GET\r\n\r\n'],
    ['a NUL in a header', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\u0000b\r\n\r\n'],
    ['a bad Content-Length', 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n'],
    ['a bad chunk', 'POST /city HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
  ])('%s → 400 from the HTTP parser and the socket closed', async (_name, raw) => {
    const { text, closed } = await rawRequest(raw);
    expect(statusOf(text)).toBe(400);
    expect(closed).toBe(true);
    await expectAlive();
  });
});

describe('addresses carrying values the API refuses are the 404 screen, never 500 (issue 29 item 6)', () => {
  const long = 'a'.repeat(3000);
  it.each([
    '/category/%00',
    `/category/${long}`,
    '/product/%00',
    `/product/${long}`,
    '/category/zhenskaya-odezhda?size=%00',
    '/search?q=%00',
  ])('%s', async (address) => {
    const res = await fetch(`${shop.url}${address}`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html');
    await expectAlive();
  });
});

describe('bounded page requests (issue 11 §4)', () => {
  it('refuses a declared body over 64 KB before reading it', async () => {
    const { text, closed } = await rawRequest(
      `POST /city HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200000000\r\n\r\ncityId=1`,
    );
    expect(statusOf(text)).toBe(413);
    expect(closed).toBe(true);
    await expectAlive();
  });

  it('refuses a chunked body once it passes 64 KB', async () => {
    const chunk = 'a'.repeat(16 * 1024);
    const body = Array.from({ length: 6 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`).join('');
    const { text } = await rawRequest(
      `POST /city HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(statusOf(text)).toBe(413);
    await expectAlive();
  });

  it('closes a connection whose body never comes (REQUEST_TIMEOUT_MS)', async () => {
    const { text, closed } = await rawRequest(
      'POST /city HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncityId=1',
      30_000,
    );
    expect(closed).toBe(true);
    expect([0, 408]).toContain(statusOf(text));
    await expectAlive();
  });
});

describe('cross-site posts to resource routes (issue 11 §9)', () => {
  it.each(['/auth/sign-out', '/wishlist', '/city'])(
    '%s refuses another origin and accepts its own',
    async (route) => {
      const post = (origin: string) =>
        fetch(shop.url + route, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
          body: 'cityId=2&returnTo=/',
        });
      const refusal = 'Запрос с другого сайта отклонён';
      for (const origin of ['https://evil.example', 'null']) {
        const res = await post(origin);
        expect(res.status).toBe(400);
        expect(await res.text()).toBe(refusal);
      }
      // Its own origin reaches the route (which may still refuse the form's values, in its own words).
      expect(await (await post(shop.url)).text()).not.toBe(refusal);
    },
  );
});

describe('behind a TLS-terminating proxy on this host (issue 11 §2)', () => {
  let proxy: https.Server;
  let proxyUrl: string;
  beforeAll(async () => {
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048 });
    proxy = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: port(),
          method: req.method,
          path: req.url,
          headers: {
            ...req.headers,
            'x-forwarded-proto': 'https',
            'x-forwarded-host': req.headers.host ?? '',
            'x-forwarded-for': req.socket.remoteAddress ?? '',
          },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.rawHeaders);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyUrl = `https://localhost:${(proxy.address() as net.AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => proxy.close(() => r())));

  /** A request through the proxy (its certificate is self-signed). */
  const viaProxy = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = https.request(
        proxyUrl + path,
        { method: init.method ?? 'GET', headers: init.headers, rejectUnauthorized: false },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });

  it('serves pages and accepts a storefront form posted from the https origin', async () => {
    expect((await viaProxy('/')).status).toBe(200);
    const form = await viaProxy('/Cart', {
      method: 'POST',
      headers: {
        origin: proxyUrl,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        'sec-fetch-site': 'same-origin',
      },
      body: 'intent=clear&redirectTo=/Cart',
    });
    expect(form.status, form.body.slice(0, 200)).toBe(302);
    expect(form.headers.location).toBe('/Cart');
  });

  it('still refuses a form from another origin through the proxy', async () => {
    const form = await viaProxy('/Cart', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=clear&redirectTo=/Cart',
    });
    expect(form.status).toBe(400);
  });
});

describe('graceful stop (issue 11 §1)', () => {
  it('finishes a request in flight at SIGTERM and exits 0', async () => {
    const other = await startShop();
    try {
      // A slow body keeps a request in flight while the signal arrives.
      const socket = net.connect(Number(new URL(other.url).port), '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write(
        'POST /city HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 8\r\n\r\ncity',
      );
      let answer = '';
      socket.on('data', (d) => (answer += d.toString()));
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<number | null>((r) => other.process.once('exit', (code) => r(code)));
      other.process.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      socket.end('Id=1');
      expect(await exited).toBe(0);
      expect(statusOf(answer)).toBe(302);
    } finally {
      await other.stop();
    }
  });

  it('a request whose headers never finish does not hold the stop past its deadline (exits 0)', async () => {
    // Half a request line's headers: never idle, so only the cut at half of SHUTDOWN_TIMEOUT_MS ends it; the
    // server's own headers timeout is checked far later than the deadline (exit 1 before the cut existed).
    const other = await startShop({ SHUTDOWN_TIMEOUT_MS: '4000' });
    try {
      const socket = net.connect(Number(new URL(other.url).port), '127.0.0.1');
      await new Promise((r) => socket.once('connect', r));
      socket.write('GET /catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/ht');
      const closed = new Promise<void>((r) => socket.once('close', () => r()));
      socket.on('error', () => {});
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise<number | null>((r) => other.process.once('exit', (code) => r(code)));
      other.process.kill('SIGTERM');
      expect(await exited).toBe(0);
      await closed;
    } finally {
      await other.stop();
    }
  });
});

describe('security headers and caching (issue 11 §8)', () => {
  it('pages carry a nonce CSP that every inline script of the page uses', async () => {
    const res = await fetch(`${shop.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce"); // scripts: no unsafe-inline
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((a) => !/\bsrc=|application\/ld\+json/.test(a));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    // A new answer, a new nonce.
    const again = (await fetch(`${shop.url}/`)).headers.get('content-security-policy');
    expect(again).not.toBe(csp);
  });

  it('the page runs under its CSP in Chromium: nothing refused, the app hydrates', async () => {
    const { launchBrowser } = await import('./shop.ts');
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const refused: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
      });
      await page.goto(`${shop.url}/`);
      await page.waitForFunction(
        () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
      );
      await page.goto(`${shop.url}/Cart`);
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('hashed build assets are cached for a year, immutable', async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    // Named in the page's held-back module script and its starter (app/lib/deferred-scripts.tsx).
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await fetch(shop.url + asset!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("the chunks a first visit runs while it hydrates carry V8's compile hint, served as built (issue 14)", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const assets = [...new Set(html.match(/\/assets\/[^"]+\.js/g) ?? [])];
    const hinted = assets.filter((a) => /\/assets\/(entry\.client|shared)-/.test(a));
    expect(hinted).toHaveLength(2);
    for (const asset of assets) {
      // As a browser gets it: Brotli (the precompressed copy), decoded by fetch.
      const text = await (await fetch(shop.url + asset, { headers: { 'accept-encoding': 'br' } })).text();
      expect(text.startsWith('//# allFunctionsCalledOnLoad\n'), asset).toBe(hinted.includes(asset));
    }
  });

  it('pages travel Brotli-compressed to browsers that accept it, else gzip (issue 14)', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      const { headers, body } = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) =>
          http
            .get(`${shop.url}/`, { headers: { 'accept-encoding': accept } }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            })
            .on('error', reject),
      );
      expect(headers['content-encoding']).toBe(encoding);
      expect(decode(body).toString()).toContain('</html>');
    }
  });

  it('a signed-in shopper’s page is not stored', async () => {
    const res = await fetch(`${shop.url}/`, {
      redirect: 'manual',
      headers: { cookie: 'customer_token=whatever' },
    });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('npm start runs the compiled server (issue 11 §11)', () => {
  it('starts from compiled JavaScript without rebuilding a current build, and stops cleanly', async () => {
    const bundle = fs.readFileSync(path.join(root, 'apps/web/dist/server.mjs'), 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-start-'));
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const freePort = (probe.address() as net.AddressInfo).port;
    await new Promise((r) => probe.close(r));
    const { DATABASE_URL: _pg, ...env } = process.env;
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(freePort),
        SQLITE_PATH: path.join(dataDir, 'kiim.db'),
        MEDIA_DIR: path.join(dataDir, 'media'),
        MEDIA_PRERENDER: 'false',
      },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      await expect
        .poll(
          async () =>
            (await fetch(`http://127.0.0.1:${freePort}/api/health/ready`).catch(() => null))?.status,
          {
            timeout: 60_000,
            interval: 200,
          },
        )
        .toBe(200);
      expect(out).not.toContain('building');
      expect(out).toContain('development mode'); // the development warning of issue 11 §10
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a rebuild is a production build whatever NODE_ENV the shop runs with', async () => {
    // Under NODE_ENV=test Vite bundles React's development build, and the stamp would call it current for every
    // later start (decision 018, «pages: scripts after the presented paint»). start.mjs in a copy of the scripts
    // with no build beside it must build; a stand-in `npm` first on PATH records the NODE_ENV it was given.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-rebuild-'));
    try {
      fs.mkdirSync(path.join(dir, 'scripts'));
      fs.mkdirSync(path.join(dir, 'bin'));
      for (const f of ['start.mjs', 'build-stamp.mjs'])
        fs.copyFileSync(path.join(root, 'scripts', f), path.join(dir, 'scripts', f));
      const npm = path.join(dir, 'bin', 'npm');
      fs.writeFileSync(npm, `#!/bin/sh\nprintf '%s' "$NODE_ENV" > "${dir}/node-env"\nexit 3\n`, {
        mode: 0o755,
      });
      const r = spawnSync(process.execPath, [path.join(dir, 'scripts/start.mjs')], {
        env: { ...process.env, NODE_ENV: 'test', PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` },
        encoding: 'utf8',
      });
      expect(r.stdout).toContain('building');
      expect(r.status).toBe(3); // the failed build is reported with its status, nothing started
      expect(fs.readFileSync(path.join(dir, 'node-env'), 'utf8')).toBe('production');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a busy port is one clear line, not a stack', async () => {
    const { DATABASE_URL: _pg, ...env } = process.env;
    const r = spawnSync(process.execPath, ['apps/web/dist/server.mjs'], {
      cwd: root,
      env: {
        ...env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port()),
        SQLITE_PATH: `${shop.dataDir}/kiim.db`,
        MEDIA_DIR: `${shop.dataDir}/media`,
        AUTO_SEED: 'false',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe(
      `Port ${port()} is already in use: stop the other server on it or start with another PORT (e.g. PORT=3001 npm start)`,
    );
  });
});

describe('each shopper is counted as themselves behind a load balancer (issue 11 §5)', () => {
  it('with TRUST_PROXY naming a balancer, two shoppers have separate SMS budgets through the storefront', async () => {
    const other = await startShop({ TRUST_PROXY: '10.20.30.40', SMS_ADDRESS_HOURLY_LIMIT: '1' });
    const otherPort = Number(new URL(other.url).port);
    /** Posts the sign-in dialog's «send code» step from a shopper at `address` (Linux answers all of 127/8). */
    const sendCode = (address: string, mobile: string) =>
      new Promise<number>((resolve, reject) => {
        const body = `intent=send-code&step=phone&mobile=${mobile}&from=/&returnTo=/`;
        const req = http.request(
          {
            host: '127.0.0.1',
            port: otherPort,
            localAddress: address,
            method: 'POST',
            path: '/auth/sign-in',
            headers: {
              origin: other.url,
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': Buffer.byteLength(body),
              // A forged address must not help: the balancer is not this peer.
              'x-forwarded-for': '203.0.113.99',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      expect(await sendCode('127.0.0.2', '77051112201')).toBe(302); // code sent, on to the code step
      expect(await sendCode('127.0.0.2', '77051112202')).toBe(429); // this shopper's hourly budget is spent
      expect(await sendCode('127.0.0.3', '77051112203')).toBe(302); // another shopper is not affected
      // X-Forwarded-Proto/Host from a peer that is not the trusted balancer do not change the page's origin: a form
      // whose Origin matches only the forged values is refused (from a trusted peer it would be accepted, §2 above).
      const forged = await fetch(`${other.url}/Cart`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: 'https://evil.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'intent=clear&redirectTo=/Cart',
      });
      expect(forged.status).toBe(400);
    } finally {
      await other.stop();
    }
  });
});
