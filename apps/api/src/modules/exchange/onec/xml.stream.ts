import fs from 'node:fs';
import { SaxesParser } from 'saxes';

// Streaming reading of CommerceML files (issue 12 item 3): the file is read in chunks and parsed with saxes; only the
// elements a reader asks for are built as small trees, handed over after each chunk, and dropped. A catalogue of
// 100,000 products is read with flat memory (docs/decisions/021).

/** An element: its name, attributes, text and child elements. */
export interface XNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XNode[];
}

/** The first child element named `name`. */
export const child = (n: XNode | undefined, name: string) => n?.children.find((c) => c.name === name);
/** Every child element named `name`. */
export const childrenOf = (n: XNode | undefined, name: string) =>
  n?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the first child named `name` ('' when absent). */
export const textOf = (n: XNode | undefined, name: string) => child(n, name)?.text.trim() ?? '';
/** The trimmed text at a path of child names. */
export const textAt = (n: XNode | undefined, ...path: string[]) => {
  let cur = n;
  for (const p of path) cur = child(cur, p);
  return cur?.text.trim() ?? '';
};

/**
 * Bounds of reading (issue 29 item 7: a 100 MB description took +390 MB): the characters kept of one element's text
 * or attribute value — more than any field the shop stores (onec.parse.ts FIELD_LIMITS), so a longer one is still seen
 * as too long and cut with a warning — and the longest element name. saxes collects a text node whole before
 * handing it over; the file is fed in slices of {@link SLICE} characters and saxes's collected text is cut to the
 * bound after each, so memory stays bounded whatever one text node holds.
 */
export const XML_LIMITS = { text: 20_000, name: 1_000 };
/** Characters fed to saxes at a time. */
const SLICE = 64 * 1024;

/** saxes's own buffers (private in its types): the text or attribute value and the name being collected. */
type SaxesBuffers = { text: string; name: string };

/** A file that is not well-formed XML, or not in its declared encoding (the message is Russian, for 1C's log). */
export class XmlFileError extends Error {}

const SUPPORTED = new Map([
  ['utf-8', 'utf-8'],
  ['utf8', 'utf-8'],
  ['windows-1251', 'windows-1251'],
  ['cp1251', 'windows-1251'],
]);

/** The encoding the XML declaration names (UTF-8 when none). @throws XmlFileError for other encodings. */
function declaredEncoding(head: Buffer): string {
  const m = /^(?:\uFEFF)?<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(head.toString('latin1'));
  const name = (m?.[1] ?? 'utf-8').toLowerCase();
  const enc = SUPPORTED.get(name);
  if (!enc) throw new XmlFileError(`Кодировка «${m?.[1]}» не поддерживается: нужна UTF-8 или windows-1251`);
  return enc;
}

/**
 * Reads `file`, building every element for which `wanted(name, parentPath)` is true (with its whole subtree), and
 * calls `onBatch` with the elements finished in each chunk (awaited before the next chunk: backpressure). Also
 * reports the attributes of every element whose name is in `watchAttrs` (e.g. `СодержитТолькоИзменения`).
 * @throws XmlFileError when the file is not well-formed or not in its declared encoding.
 */
export async function readXml(
  file: string,
  wanted: (name: string, path: readonly string[]) => boolean,
  onBatch: (nodes: XNode[]) => Promise<void>,
  onOpen?: (name: string, attrs: Record<string, string>, path: readonly string[]) => void,
): Promise<void> {
  const fd = await fs.promises.open(file, 'r');
  const head = Buffer.alloc(200);
  await fd.read(head, 0, 200, 0);
  await fd.close();
  const decoder = new TextDecoder(declaredEncoding(head), { fatal: true });
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  const stack: XNode[] = [];
  let done: XNode[] = [];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    onOpen?.(tag.name, attrs, path);
    if (stack.length > 0 || wanted(tag.name, path)) {
      const node: XNode = { name: tag.name, attrs, text: '', children: [] };
      stack.at(-1)?.children.push(node);
      stack.push(node);
    }
    path.push(tag.name);
  });
  parser.on('text', (t) => {
    const top = stack.at(-1);
    if (top && top.text.length < XML_LIMITS.text) top.text += t.slice(0, XML_LIMITS.text - top.text.length);
  });
  parser.on('closetag', () => {
    path.pop();
    if (stack.length === 0) return;
    const node = stack.pop()!;
    if (stack.length === 0) done.push(node);
  });
  const buffers = parser as unknown as SaxesBuffers;
  const feed = async (text: string) => {
    for (let i = 0; i < text.length && !error; i += SLICE) {
      parser.write(text.slice(i, i + SLICE));
      if (buffers.text.length > XML_LIMITS.text) buffers.text = buffers.text.slice(0, XML_LIMITS.text);
      if (buffers.name.length > XML_LIMITS.name)
        throw new XmlFileError(`Файл повреждён: имя элемента длиннее ${XML_LIMITS.name} символов`);
    }
    if (error) throw new XmlFileError(`Файл повреждён (не XML): ${error.message}`);
    if (done.length) {
      const batch = done;
      done = [];
      await onBatch(batch);
    }
  };
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 256 * 1024 }))
      await feed(decoder.decode(chunk as Buffer, { stream: true }));
    await feed(decoder.decode());
    parser.close();
  } catch (e) {
    if (e instanceof TypeError && /decode|encoding/i.test(e.message))
      throw new XmlFileError('Файл не в объявленной кодировке (нужна UTF-8 или windows-1251)');
    throw e;
  }
  if (error) throw new XmlFileError(`Файл повреждён (не XML): ${(error as Error).message}`);
}
