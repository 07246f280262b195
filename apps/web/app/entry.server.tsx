/**
 * React Router's Node entry (its default, `@react-router/dev/config/defaults/entry.server.node.tsx`) with the
 * per-request CSP nonce (issue 11 §8): the server puts it on the load context (apps/web/server.ts); it goes to
 * React's streaming renderer (its inline scripts), to `<ServerRouter>` (its hydration scripts) and, through
 * {@link NonceContext}, to the root layout's `<Scripts>`, `<ScrollRestoration>` and the reload guard. The
 * stylesheet's text goes to the layout through {@link PageCssContext} (inlined in the head, issue 14), and the
 * open sign-in dialog through {@link OpenSignInContext} (rendered at once here, loaded on demand in the browser).
 */
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext, RouterContextProvider } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { NonceContext } from './lib/nonce.ts';
import { PageCssContext } from './lib/page-styles.tsx';
import { OpenSignInContext } from './components/sign-in/SignInDialog.tsx';
import { OpenSignInDialog } from './components/sign-in/OpenSignInDialog.tsx';
import type { SignInStep } from './components/sign-in/sign-in-url.ts';
// The whole stylesheet as minified text, put inline in every page's head (issue 14, docs/decisions/018).
import pageCss from './styles.css?inline';

export const streamTimeout = 5_000;

/** The open sign-in dialog, rendered at once on the server (components/sign-in/SignInDialog.tsx). */
const openSignInDialog = (step: SignInStep) => <OpenSignInDialog step={step} />;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext | RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = (loadContext as { cspNonce?: string }).cspNonce ?? '';
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots get the whole page at once (React's advice for crawlers).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <PageCssContext.Provider value={pageCss}>
          <OpenSignInContext.Provider value={openSignInDialog}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
          </OpenSignInContext.Provider>
        </PageCssContext.Provider>
      </NonceContext.Provider>,
      {
        nonce: nonce || undefined,
        // A Suspense boundary complete when its place is sent is sent in place, never «outlined» (issue 14, decision 018
        // amendment «pages, fourth round»): with React's default (12,800 bytes) any boundary over 500 bytes that comes
        // after the page's first 12.8 KB went as a hidden copy at the end of the stream, moved in by an inline script —
        // a product's related products, ready with the page, were not shown without JavaScript and cost a script, a
        // move and a style and layout pass. Boundaries still waiting for their data stream as before.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
