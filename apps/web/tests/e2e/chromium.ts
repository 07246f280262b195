import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (`CHROMIUM_PATH`, default /usr/bin/chromium), headless, with the flags this machine needs (no
 * network of its own, no sandbox as root). The browser tests' (shop.ts) and the bench's page traces
 * (bench/page-trace.ts); no test runner needed.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
