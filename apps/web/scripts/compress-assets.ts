// After `react-router build`: writes Brotli (.br) and gzip (.gz) copies of the client build's text assets
// (JavaScript, CSS, SVG) beside them, so the server sends them compressed without compressing per request
// (server.ts: @fastify/static `preCompressed`). Smaller files are left alone: compression would not pay.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

// The storefront's client build by default; the back office's build passes its own folder (apps/admin).
const clientDir = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'client');
const MIN_BYTES = 1024;
let files = 0;
let raw = 0;
let gz = 0;
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|css|svg|json|txt)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const gzip = zlib.gzipSync(data, { level: 9 });
  fs.writeFileSync(`${file}.gz`, gzip);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  files += 1;
  raw += data.length;
  gz += gzip.length;
}
console.log(
  `compressed ${files} assets: ${(raw / 1024).toFixed(1)} KB → ${(gz / 1024).toFixed(1)} KB gzip (.br beside)`,
);
