import os from 'node:os';
import path from 'node:path';

/** Path of the migrated and seeded SQLite template made by the global setup for this test run. */
export function templatePath(): string {
  const p = process.env.KIIM_TEST_TEMPLATE;
  if (!p) throw new Error('KIIM_TEST_TEMPLATE is not set: run the API tests through vitest (global setup)');
  return p;
}

export const newTemplatePath = () => path.join(os.tmpdir(), `kiim-template-${process.pid}-${Date.now()}.db`);
