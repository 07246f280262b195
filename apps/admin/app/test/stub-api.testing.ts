import { vi } from 'vitest';

// A stand-in of the staff API for the back office's screen tests: `fetch` answers by "METHOD path" (path after
// `/api/admin`), each call recorded with its JSON body, so a test asserts what a screen sent and shows what it got.

/** An answer of the stub: HTTP status and JSON body. */
export type Answer = { status: number; body: unknown };
/** A success carrying `data`, as the API answers. */
export const ok = (data: unknown): Answer => ({ status: 200, body: { data } });
/** A refusal as the API answers it (its code and Russian message). */
export const refusal = (status: number, code: number, message: string): Answer => ({
  status,
  body: { code, message },
});

/**
 * Stubs `fetch` with answers by "METHOD path" (a list is answered in turn); an unexpected call fails the test.
 * @returns every call made, with its JSON body.
 */
export function stubApi(answers: Record<string, Answer | Answer[]>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const key = `${init.method} ${url.replace('/api/admin', '')}`;
    calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const queued = answers[key];
    const answer = Array.isArray(queued) ? queued.shift() : queued;
    if (!answer) throw new Error(`unexpected call ${key}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** The calls other than reads (what a screen changed). */
export const writes = (calls: { key: string; body: unknown }[]) =>
  calls.filter((c) => !c.key.startsWith('GET '));

/**
 * Makes FormData refuse a submitter that is not an element, as browsers do, so React Router trusts
 * `new FormData(form, submitter)` instead of appending the clicked button's `name=value` itself — happy-dom
 * already counts the submitter, and a row's `intent` would otherwise arrive twice. Call before every test
 * (React Router checks once, at the first submission).
 */
export function browserFormData() {
  const Base = globalThis.FormData;
  vi.stubGlobal(
    'FormData',
    class extends Base {
      constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
        if (submitter !== undefined && submitter !== null && !(submitter instanceof HTMLElement))
          throw new TypeError('The submitter is not an element');
        super(form, submitter);
      }
    },
  );
}
