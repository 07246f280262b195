import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ImportApplyQuery, ImportResultResponse, type ImportKind } from '@kiim/contract';
import { requestActor, type Actor } from '#app/modules/audit/audit.ts';
import { currentStaff, requirePermission } from '#app/modules/staff/staff.auth.ts';
import { apiKeyActor, requireApiKey } from '#app/modules/staff/staff.apikeys.ts';
import { errors, guarded } from '#app/modules/staff/staff.routes.common.ts';
import { badRequest } from '#app/lib/errors.ts';
import { fileTooLarge, SHEET_LIMITS, type SheetLimits } from './csv.sheet.ts';
import { applySheet, previewSheet } from './import.core.ts';
import { exportSheet } from './sheet.export.ts';
import { SHEET_KINDS } from './sheet.kinds.ts';

/**
 * The file is the request body as it is (`text/csv`, or any type but JSON and forms), handed to the route as a stream:
 * it is read while it is parsed, never held whole (issue 29 item 3). A `Content-Length` over `limits.bytes` is
 * refused with 413 before a byte is read; a longer chunked body is refused while reading (csv.sheet.ts).
 */
export function acceptRawFiles(app: FastifyInstance, limits: SheetLimits = SHEET_LIMITS): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    if (Number(request.headers['content-length'] ?? 0) > limits.bytes) {
      payload.resume();
      done(fileTooLarge(limits), undefined);
      return;
    }
    done(null, payload);
  });
}

/**
 * The uploaded file: the request body's stream. @throws AppError 400 with a `file` field error when the request
 * has no body (an empty file is the parser's business: it reports the missing header row).
 */
function fileOf(request: FastifyRequest): Readable {
  if (!(request.body instanceof Readable))
    throw badRequest({ file: ['Приложите файл CSV'] }, 'Файл не получен');
  return request.body;
}

const tag = 'catalogue import and export';
const FILE =
  'The body is the CSV file (Content-Type text/csv): UTF-8 with or without BOM, `;` or `,` between cells, the header ' +
  'row naming the columns; at most 20 MB (413 code 8004), 100,000 rows and 60,000 characters a row. 422 code 8001 ' +
  'unreadable (not UTF-8, broken CSV, too many rows, a row too long), 8002 wrong columns.';
const APPLY =
  'Applies the file in one transaction, audited as catalogue.imported; the same file twice changes nothing the ' +
  'second time. With bad rows: 422 code 8003 (the preview in `details`) unless skipBadRows=true, then exactly the ' +
  'good rows change.';

type Access = { onRequest: ReturnType<typeof requireApiKey>; actor: (r: FastifyRequest) => Actor };

/** The preview, apply and export routes of every kind, behind `access(kind)`. */
function sheetRoutes(app: FastifyInstance, access: (kind: ImportKind) => Access, integration: boolean) {
  for (const [kind, { permission }] of Object.entries(SHEET_KINDS) as [
    ImportKind,
    { permission: string },
  ][]) {
    const { sheet } = SHEET_KINDS[kind]!;
    const { onRequest, actor } = access(kind);
    const doc = (summary: string, description: string, rest: object) =>
      integration
        ? {
            tags: [tag],
            security: [{ apiKey: [] }],
            summary,
            description: `API key scope catalogue.import. ${description}`,
            ...rest,
          }
        : guarded(`admin: ${tag}`, permission, summary, description, rest);
    const result = { 200: ImportResultResponse, ...errors(400, 401, 403, 413, 422) };
    app.post(
      `/catalogue/import/${kind}/preview`,
      {
        onRequest,
        schema: doc(`Preview a ${kind} file`, `What it would change and its bad rows. ${FILE}`, {
          response: result,
        }),
      },
      async (request) => ({
        data: await previewSheet(app.db, sheet, fileOf(request), actor(request)),
      }),
    );
    app.post(
      `/catalogue/import/${kind}/apply`,
      {
        onRequest,
        schema: doc(`Apply a ${kind} file`, `${APPLY} ${FILE}`, {
          querystring: ImportApplyQuery,
          response: result,
        }),
      },
      async (request) => {
        const { skipBadRows } = request.query as { skipBadRows: boolean };
        return { data: await applySheet(app.db, sheet, fileOf(request), actor(request), skipBadRows) };
      },
    );
    app.get(
      `/catalogue/export/${kind}`,
      {
        onRequest,
        schema: doc(
          `Export ${kind}`,
          'The whole catalogue as CSV (UTF-8 with BOM, `;`), as the import reads it.',
          {},
        ),
      },
      async (_request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="kiim-${kind}.csv"`)
          .send(exportSheet(app.db, kind)),
    );
  }
}

/** Staff routes under `/api/admin`: stock needs stock.edit, prices and products catalogue.edit. */
export const sheetAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptRawFiles(app);
  sheetRoutes(
    app,
    (kind) => ({
      onRequest: requirePermission(SHEET_KINDS[kind]!.permission),
      actor: (r) => requestActor(r, 'staff', currentStaff(r).id),
    }),
    false,
  );
};

/** Integration routes under `/api/backoffice`: an API key with scope catalogue.import (`X-Api-Key`). */
export const sheetIntegrationRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptRawFiles(app);
  sheetRoutes(app, () => ({ onRequest: requireApiKey('catalogue.import'), actor: apiKeyActor }), true);
};
