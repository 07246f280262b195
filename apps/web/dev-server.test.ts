import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { portArgument } from './dev-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = (srv.address() as net.AddressInfo) ?? { port: 0 };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Stops the process group of `child` (npm, node, Vite's workers): SIGTERM, then SIGKILL after 15 s. */
async function stopTree(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // The group is gone already.
    }
  };
  signal('SIGTERM');
  const killer = setTimeout(() => signal('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
  // Whatever of the group outlived its leader.
  signal('SIGKILL');
}

describe('portArgument: `npm run dev -- --port N`', () => {
  it('reads --port N and --port=N, nothing without it', () => {
    expect(portArgument(['--port', '4000'])).toBe(4000);
    expect(portArgument(['--port=4001'])).toBe(4001);
    expect(portArgument([])).toBeUndefined();
  });
  it('refuses what is not a port', () => {
    for (const bad of [['--port'], ['--port', 'abc'], ['--port=0'], ['--port', '70000'], ['--port', '-1']])
      expect(() => portArgument(bad)).toThrow(/--port must be a port number/);
  });
});

describe('npm run dev: the whole shop on one port (issue 27 item 8)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiim-dev-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child) await stopTree(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves pages with hot reload and the API, on the port of --port', { timeout: 240_000 }, async () => {
    const [port, otherPort] = [await freePort(), await freePort()];
    // The migrated, seeded SQLite file of the test run when there is one (apps/api/src/test/global-setup.ts).
    const template = process.env.KIIM_TEST_TEMPLATE;
    if (template) fs.copyFileSync(template, path.join(dataDir, 'kiim.db'));
    // The development server on the embedded database whatever DATABASE_URL says: what it serves is under test.
    const { DATABASE_URL: _pg, ...parentEnv } = process.env;
    let stderr = '';
    child = spawn('npm', ['run', 'dev', '--', '--port', String(port)], {
      cwd: repoRoot,
      // Its own process group, so the whole tree stops with it.
      detached: true,
      env: {
        ...parentEnv,
        // --port wins over PORT.
        PORT: String(otherPort),
        HOST: '127.0.0.1',
        SQLITE_PATH: path.join(dataDir, 'kiim.db'),
        MEDIA_DIR: path.join(dataDir, 'media'),
        MEDIA_PRERENDER: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    let home: Response | undefined;
    while (!home) {
      if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${stderr}`);
      if (Date.now() > deadline) throw new Error(`npm run dev did not answer in 180 s:\n${stderr}`);
      home = await fetch(url + '/').catch(() => undefined);
      if (!home) await new Promise((r) => setTimeout(r, 500));
    }
    expect(home.status).toBe(200);
    const html = await home.text();
    // Whole-page assertions print the page on failure: the facts first, then one assertion.
    const hmrRuntime = '/@id/__x00__virtual:react-router/inject-hmr-runtime';
    expect({
      russian: html.includes('<html lang="ru"') && html.includes('Женщинам'),
      hotReload: html.includes(hmrRuntime),
    }).toEqual({ russian: true, hotReload: true });
    // Vite serves the modules with the hot reload runtime, from the same port.
    expect((await fetch(url + hmrRuntime)).status).toBe(200);
    const ready = await fetch(url + '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const admin = await fetch(url + '/admin');
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('Kiim — панель управления');
    // Nothing on PORT: --port took its place.
    await expect(fetch(`http://127.0.0.1:${otherPort}/api/health/ready`)).rejects.toThrow();
  });
});
