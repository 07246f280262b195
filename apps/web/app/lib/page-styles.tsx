import { createContext, useContext, useState } from 'react';

/**
 * The storefront's stylesheet as text (issue 14, docs/decisions/018): the server reads it from the build
 * (app/entry.server.tsx imports `styles.css?inline`, minified by Vite) and gives it to the root layout through this
 * context, so every page carries its styles in its own HTML instead of a render-blocking stylesheet request. In the
 * browser it is null: the layout then reads the text back from the server's `<style>` element, so hydration sees
 * the same element and the client bundle holds no copy of the CSS.
 */
export const PageCssContext = createContext<string | null>(null);

/** The id of the page's one `<style>` element. */
const STYLE_ID = 'kiim-css';

/**
 * The page's stylesheet inline in `<head>`: the server's text, or in the browser the text already in the page.
 * `nonce` is this answer's CSP nonce (the page CSP allows inline styles, decision 017; the nonce keeps the element
 * valid if that is ever narrowed to nonces).
 */
export function PageStyles({ nonce }: { nonce?: string }) {
  const serverCss = useContext(PageCssContext);
  // Read once: the text never changes while a page lives (a new build reloads the page, spec §9).
  const [css] = useState(
    () =>
      serverCss ??
      (typeof document === 'undefined' ? '' : (document.getElementById(STYLE_ID)?.textContent ?? '')),
  );
  return <style id={STYLE_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
