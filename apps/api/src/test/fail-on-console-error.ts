import { afterEach, vi } from 'vitest';

// A test that logs console.error fails (conventions: Tests): errors must be asserted, not printed.
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls.splice(0);
  if (calls.length)
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
