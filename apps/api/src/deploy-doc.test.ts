import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.env.ts';

// docs/deploy.md is the production checklist (issue 31 item 6): every variable the shop reads is named there.
const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/deploy.md'), 'utf8');

describe('docs/deploy.md', () => {
  it('names every variable of the configuration schema', () => {
    const missing = Object.keys(EnvSchema.shape).filter((name) => !doc.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
