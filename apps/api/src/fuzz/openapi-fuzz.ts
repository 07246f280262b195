// The OpenAPI fuzzer's case maker (issue 11 §7; used by openapi-fuzz.test.ts, test-only): from the API's own OpenAPI
// document, for every operation, one request per (parameter or body field) × hostile value, the other fields given
// plausible values so the hostile one is what the handler meets.

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
}

export interface FuzzCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Raw request body (JSON or deliberately broken), or undefined for none. */
  body: string | undefined;
}

/** Hostile values for a field: ids past PostgreSQL's `integer`, NUL bytes, huge and odd strings, wrong types. */
export const badValues: unknown[] = [
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1,
  0,
  1.5,
  'a\u0000b',
  '\u0000',
  'x'.repeat(20_000),
  '\ud800',
  '2147483648',
  '-0',
  null,
  true,
  [],
  {},
  [1, 2],
  { a: { b: 1 } },
];

/** The same as URL text (paths and query strings). */
const badText = [
  '2147483648',
  '99999999999999999999999',
  '-1',
  '0',
  '1.5',
  '1e400',
  'NaN',
  '%00',
  'a%00b',
  'x'.repeat(5000),
  '%E0%A4%A',
  '..%2F..%2Fetc',
  '%F0%9F%92%A9',
  '',
];

/** Every operation's cases: each path/query parameter and each body field with each bad value, and broken bodies. */
export function fuzzCases(spec: OpenApi, values: unknown[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  // Session-ending operations last, so the rest run signed in.
  const paths = Object.keys(spec.paths).sort(
    (a, b) => Number(/session|logout|sign-out/.test(a)) - Number(/session|logout|sign-out/.test(b)),
  );
  for (const path of paths) {
    for (const [m, op] of Object.entries(spec.paths[path]!)) {
      const method = m.toUpperCase() as FuzzCase['method'];
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      if (path.startsWith('/api/docs')) continue;
      cases.push(...operationCases(path, method, op, values));
    }
  }
  return cases;
}

function operationCases(
  path: string,
  method: FuzzCase['method'],
  op: Operation,
  values: unknown[],
): FuzzCase[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? plausible(bodySchema) : undefined;
  const fill = (override: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(override[name] ?? '1').replace(/%25/g, '%'),
    );
  const query = (override: Record<string, string> = {}) => {
    const q = queryParams.map((p) => `${p.name}=${override[p.name] ?? String(plausible(p.schema ?? {}))}`);
    return q.length ? `?${q.join('&')}` : '';
  };
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  const cases: FuzzCase[] = [{ method, url: fill() + query(), body: json(body) }];
  for (const p of pathParams)
    for (const v of badText) cases.push({ method, url: fill({ [p.name]: v }) + query(), body: json(body) });
  for (const p of queryParams)
    for (const v of badText) cases.push({ method, url: fill() + query({ [p.name]: v }), body: json(body) });
  if (bodySchema) {
    for (const field of fieldsOf(bodySchema))
      for (const v of values)
        cases.push({ method, url: fill() + query(), body: JSON.stringify(setPath(body, field, v)) });
    for (const broken of ['{', '[]', 'null', '"x"', '{"a":'.repeat(200), '\u0000'])
      cases.push({ method, url: fill() + query(), body: broken });
  }
  return cases;
}

/** Paths of every field in a body schema (nested objects and the first item of arrays), as key lists. */
function fieldsOf(schema: Schema, prefix: (string | number)[] = [], depth = 0): (string | number)[][] {
  if (depth > 4) return [];
  const s = merged(schema);
  const out: (string | number)[][] = [];
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    out.push([...prefix, k]);
    out.push(...fieldsOf(v, [...prefix, k], depth + 1));
  }
  if (s.items) out.push(...fieldsOf(s.items, [...prefix, 0], depth + 1));
  return out;
}

/** One schema out of unions and intersections (the first alternative, properties of all parts). */
function merged(schema: Schema): Schema {
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return merged(alt.find((a) => a.type !== 'null') ?? alt[0]!);
  if (schema.allOf?.length) {
    return schema.allOf
      .map(merged)
      .reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
  }
  return schema;
}

/** A value the schema would likely accept. */
function plausible(schema: Schema): unknown {
  const s = merged(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties)
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  if (type === 'array') return s.items ? [plausible(s.items)] : [];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'a';
}

function setPath(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null)
      at[key] = typeof path[path.indexOf(key) + 1] === 'number' ? [] : {};
    at = at[key] as Record<string | number, unknown>;
  }
  at[path[path.length - 1]!] = value;
  return copy;
}
