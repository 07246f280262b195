import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './shop.ts';

// The shop's nginx configuration (deploy/nginx/kiim.conf) run by the real nginx for tests: the file itself, with its
// ports, paths, certificate and upstream rewritten, inside a minimal main configuration of the test's own.

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
/** The configuration a deployment installs. */
export const NGINX_CONF = path.join(repoRoot, 'deploy', 'nginx', 'kiim.conf');

/** The nginx binary (NGINX_BIN, else Debian's /usr/sbin/nginx or the PATH's), or null when none is installed. */
export function nginxBinary(): string | null {
  for (const bin of [process.env.NGINX_BIN, '/usr/sbin/nginx', 'nginx'].filter(Boolean) as string[]) {
    if (spawnSync(bin, ['-v']).status === 0) return bin;
  }
  return null;
}

/** A running nginx: its HTTPS and HTTP ports, certificate, access log, and `stop`. */
export interface RunningNginx {
  httpsPort: number;
  httpPort: number;
  /** The self-signed certificate (PEM) clients trust. */
  cert: string;
  /** The lines of its access log so far (format `kiim` of kiim.conf). */
  accessLog(): string[];
  stop(): Promise<void>;
}

/**
 * kiim.conf for a test: listening on 127.0.0.1 at `ports`, the shop's processes at `upstreams` (`host:port`), files
 * from `root` (the repository), cache, log and certificate in `dir`. @throws when a value to rewrite is missing.
 */
export function testConfig(
  conf: string,
  o: { httpsPort: number; httpPort: number; upstreams: string[]; root: string; dir: string },
): string {
  const swaps: [RegExp, string][] = [
    [/^\s*listen \[::\]:\d+.*$/gm, ''],
    [/listen 443 ssl/g, `listen 127.0.0.1:${o.httpsPort} ssl`],
    [/listen 80;/g, `listen 127.0.0.1:${o.httpPort};`],
    [/server 127\.0\.0\.1:3000 [^;]*;/, o.upstreams.map((u) => `server ${u};`).join('\n    ')],
    [/\/var\/cache\/nginx\/kiim/g, path.join(o.dir, 'cache')],
    [/\/var\/log\/nginx\/kiim\.access\.log/g, path.join(o.dir, 'access.log')],
    [/\/etc\/letsencrypt\/live\/kiim\.kz\/fullchain\.pem/g, path.join(o.dir, 'cert.pem')],
    [/\/etc\/letsencrypt\/live\/kiim\.kz\/privkey\.pem/g, path.join(o.dir, 'key.pem')],
    [/\/srv\/kiim/g, o.root],
  ];
  let out = conf;
  for (const [re, to] of swaps) {
    if (!re.test(out)) throw new Error(`kiim.conf no longer has ${re}: update the test's rewrite`);
    out = out.replace(re, to);
  }
  return out;
}

/**
 * Starts nginx with deploy/nginx/kiim.conf in front of `upstreams` (the shop's `host:port`s) on free ports, with a
 * self-signed certificate for localhost/127.0.0.1 made by openssl, and waits until it answers.
 * @throws when nginx refuses the configuration or does not start within 10 s (with its error log).
 */
export async function startNginx(bin: string, upstreams: string[]): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-nginx-'));
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const key = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
    ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certFile],
  ]);
  if (made.status !== 0) throw new Error(`openssl: ${made.stderr.toString()}`);
  const site = testConfig(fs.readFileSync(NGINX_CONF, 'utf8'), {
    ...{ httpsPort, httpPort, upstreams, dir },
    root: repoRoot,
  });
  fs.writeFileSync(path.join(dir, 'kiim.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (t) => `${t}_temp_path ${path.join(dir, `${t}-temp`)};`,
  );
  // Workers run as this user: as root they would otherwise become `nobody`, who cannot write the test's folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const main = [
    `${user} daemon off; worker_processes 1; pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    `http { include /etc/nginx/mime.types; default_type application/octet-stream; ${temp.join(' ')}`,
    `  access_log off; include ${path.join(dir, 'kiim.conf')}; }`,
  ].join('\n');
  fs.writeFileSync(path.join(dir, 'nginx.conf'), main);
  const errorLog = () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
  const check = spawnSync(bin, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
  if (check.status !== 0) throw new Error(`nginx -t refused kiim.conf:\n${check.stderr.toString()}`);
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const cert = fs.readFileSync(certFile, 'utf8');
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${errorLog()}`);
    const up = await new Promise<boolean>((resolve) =>
      net
        .connect(httpsPort, '127.0.0.1', function (this: net.Socket) {
          this.destroy();
          resolve(true);
        })
        .on('error', () => resolve(false)),
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start in 10 s:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    httpsPort,
    httpPort,
    cert,
    accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One answer through nginx: status, headers (lower-case names), body. */
export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request to nginx over TLS (its self-signed certificate trusted), from the local address `from` (any 127.x: the
 * test tells shoppers apart by it), with `headers`; no decompression, no cookies kept.
 */
export function viaNginx(
  nginx: RunningNginx,
  pathname: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    from?: string;
    body?: Buffer;
    /** Connections to reuse (keep-alive); by default a new TLS connection per request. */
    agent?: https.Agent;
  } = {},
): Promise<ProxyAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: nginx.httpsPort,
        servername: 'localhost',
        ca: nginx.cert,
        method: opts.method ?? 'GET',
        path: pathname,
        localAddress: opts.from ?? '127.0.0.1',
        headers: { host: 'localhost', ...opts.headers },
        agent: opts.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
