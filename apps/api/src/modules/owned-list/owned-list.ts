import { ErrorCode, type AttachToCustomerBody, type MergeBody } from '@kiim/contract';
import { isoNow, transactionAnsweredBeforeSync, type Db, type DbOrTrx } from '#app/db/database.ts';
import { AppError } from '#app/lib/errors.ts';
import * as repo from './owned-list.repository.ts';

export type { ListRecord } from './owned-list.repository.ts';

// The kit of customer-owned lists: the rules the cart and the wishlist share (docs/decisions/005, 011), each
// list module passing what is its own (table, 404 error, texts, how items are copied and deleted):
// - access: an anonymous list is used by whoever holds its uuid; one attached to a customer only with that
//   customer's token (the token is resolved only then, so a stale token never blocks an anonymous list);
//   anyone else gets the kind's 404, never the list; a list merged into another one is gone;
// - lock and re-check: every change of a list's items runs under the list row's lock, after checking again
//   that it still exists, is not merged away and, if its owner changed meanwhile, that the requester may use it;
//   it is answered before its fsync (decision 005, amendment of issue 14: a cart or wishlist line, never an order
//   nor an owner); attach, merge and the claim at checkout wait for the disk as every other write does;
// - the customer's list (3001 when none, spec §8), attach (3007 when they already have another), merge
//   (idempotent; 3006 when the source went elsewhere), and the claim of a cart at checkout.

/**
 * Who asks: the customer token the request carries (header `X-Authorization`, cookie `customer_token`, or a
 * token of spec §7's query), if any, and the current time (token expiry, timestamps).
 */
export interface ListRequester {
  token: string | undefined;
  now: Date;
}

/** What a list module gives the kit. */
export interface OwnedListKind {
  table: repo.ListTable;
  /** 404 for a list that is unknown, merged away or not the requester's (never revealed). */
  notFound: () => AppError;
  /** Russian texts of the 3001, 3007 and 3006 answers. */
  messages: { noCustomerList: string; customerHasList: string; alreadyMerged: string };
  /** Adds the items of `sourceId` to `destinationId` as the list's merge rule says (run under both locks). */
  copyItems: (trx: DbOrTrx, sourceId: string, destinationId: string, nowIso: string) => Promise<void>;
  /** Removes every item of a list. */
  deleteItems: (trx: DbOrTrx, listId: string) => Promise<unknown>;
  /**
   * The customer of a token, injected by the list module (the customer module's token rule), so that the kit
   * knows no module of its own.
   * @throws AppError 403 for an expired (`Token has expired`, spec §8), revoked or unknown token.
   */
  customerOf: CustomerOfToken;
}

/** Resolves a customer token at `now` to its customer's id; 403 when the token may not be used (spec §8). */
export type CustomerOfToken = (db: DbOrTrx, token: string, now: Date) => Promise<{ id: string }>;

/**
 * Checks that `requester` may use the list (the kit's access rule).
 * @throws the kind's 404 (owned by someone else, or no token); AppError 403 from `kind.customerOf` when the
 *   token is expired (`Token has expired`, spec §8), revoked or unknown.
 */
async function assertAccess(
  db: DbOrTrx,
  kind: OwnedListKind,
  list: repo.ListRecord,
  requester: ListRequester,
): Promise<void> {
  if (list.customer_id === null) return;
  if (!requester.token) throw kind.notFound();
  const customer = await kind.customerOf(db, requester.token, requester.now);
  if (customer.id !== list.customer_id) throw kind.notFound();
}

/**
 * The list `uuid` (any case: lists are stored with lower-case uuids) in use, if `requester` may use it.
 * @throws the kind's 404 (unknown, merged away, not the requester's); 403 for a bad token on an owned list.
 */
export async function requireList(
  db: DbOrTrx,
  kind: OwnedListKind,
  uuid: string,
  requester: ListRequester,
): Promise<repo.ListRecord> {
  const list = await repo.findList(db, kind.table, uuid.toLowerCase());
  if (!list || list.merged_into_id) throw kind.notFound();
  await assertAccess(db, kind, list, requester);
  return list;
}

/**
 * Runs `change` in a transaction under the lock of a list found earlier (see {@link requireList}), after
 * checking again that the list still exists, is not merged away and — when its owner changed meanwhile —
 * that the requester may still use it. Every change of a list's items goes through here; the transaction is
 * answered before its fsync ({@link transactionAnsweredBeforeSync}, decision 005): `change` may write the list's
 * items and its row only.
 * @throws the kind's 404; 403 for a bad token on a list that became owned.
 */
export async function withLockedList<T>(
  db: Db,
  kind: OwnedListKind,
  list: repo.ListRecord,
  requester: ListRequester,
  change: (trx: DbOrTrx, nowIso: string) => Promise<T>,
): Promise<T> {
  const nowIso = isoNow(requester.now);
  return transactionAnsweredBeforeSync(db, async (trx) => {
    const locked = await repo.lockList(trx, kind.table, list.id, nowIso);
    if (!locked || locked.merged_into_id) throw kind.notFound();
    if (locked.customer_id !== list.customer_id) await assertAccess(trx, kind, locked, requester);
    return change(trx, nowIso);
  });
}

/**
 * Inserts a new list (anonymous when `customerId` is null); used inside the transaction that fills it, which the
 * list modules run answered before its fsync as {@link withLockedList} (a new list holds nothing but its items).
 */
export function createList(
  trx: DbOrTrx,
  kind: OwnedListKind,
  uuid: string,
  customerId: string | null,
  nowIso: string,
): Promise<void> {
  return repo.insertList(trx, kind.table, uuid, customerId, nowIso);
}

/** The customer's list in use, the one changed last if several, or undefined. */
export function findCustomerList(
  db: DbOrTrx,
  kind: OwnedListKind,
  customerId: string,
): Promise<repo.ListRecord | undefined> {
  return repo.findCustomerList(db, kind.table, customerId);
}

/**
 * The customer's list in use (see {@link findCustomerList}).
 * @throws AppError 404 with code 3001 (spec §8) when they have none: the client then attaches its anonymous one.
 */
export async function requireCustomerList(
  db: DbOrTrx,
  kind: OwnedListKind,
  customerId: string,
): Promise<repo.ListRecord> {
  const list = await repo.findCustomerList(db, kind.table, customerId);
  if (!list) throw new AppError(404, ErrorCode.noCustomerCart, kind.messages.noCustomerList);
  return list;
}

/**
 * Attach (spec §7 `update-customer-id-by-customer-token`, §4, §8: used when the customer has no list): makes
 * an anonymous list the list of the customer of `body.token`, under the list's lock. Idempotent: a list
 * already theirs is left as it is.
 * @returns the list's uuid (lower case).
 * @throws AppError 403 for a bad or expired token (spec §8); the kind's 404 (unknown, merged away, or another
 *   customer's); 409 customerHasCart (code 3007, `details.uuid` = their list) when the customer already has
 *   another list: merge into it instead.
 */
export async function attachList(
  db: Db,
  kind: OwnedListKind,
  body: AttachToCustomerBody,
  now: Date,
): Promise<string> {
  const customer = await kind.customerOf(db, body.token, now);
  const uuid = body.uuid.toLowerCase();
  const nowIso = isoNow(now);
  await db.transaction().execute(async (trx) => {
    const list = await repo.lockList(trx, kind.table, uuid, nowIso);
    if (!list || list.merged_into_id) throw kind.notFound();
    if (list.customer_id === customer.id) return;
    if (list.customer_id !== null) throw kind.notFound();
    const existing = await repo.findCustomerList(trx, kind.table, customer.id);
    if (existing) {
      throw new AppError(409, ErrorCode.customerHasCart, kind.messages.customerHasList, {
        uuid: existing.id,
      });
    }
    await repo.setListCustomer(trx, kind.table, uuid, customer.id, nowIso);
  });
  return uuid;
}

/**
 * Merge (spec §7 `merge`, §4 sign-in merge): copies the source's items into the destination
 * (`kind.copyItems`), empties the source and marks it merged into the destination, after which it is gone
 * for every other call. Both lists keep their owners. Idempotent: repeating a merge already done changes nothing. Both
 * lists are locked in ascending id order before anything is read for the merge, so a repeat racing the first
 * one, or a change of either list, cannot interleave. The requester must be allowed to use both.
 * @returns the destination's uuid (lower case).
 * @throws the kind's 404 (either unknown or not the requester's; the destination merged away); 409
 *   alreadyMerged (code 3006) when the source was merged into another list; 403 for a bad token on an owned
 *   list (spec §8).
 */
export async function mergeLists(
  db: Db,
  kind: OwnedListKind,
  body: MergeBody,
  requester: ListRequester,
): Promise<string> {
  const sourceId = body.sourceUuid.toLowerCase();
  const destinationId = body.destinationUuid.toLowerCase();
  const alreadyMerged = () => new AppError(409, ErrorCode.alreadyMerged, kind.messages.alreadyMerged);
  const [source, destination] = await Promise.all([
    repo.findList(db, kind.table, sourceId),
    repo.findList(db, kind.table, destinationId),
  ]);
  if (!source || !destination || destination.merged_into_id) throw kind.notFound();
  await assertAccess(db, kind, source, requester);
  await assertAccess(db, kind, destination, requester);
  if (source.merged_into_id === destinationId) return destinationId;
  if (source.merged_into_id) throw alreadyMerged();

  const nowIso = isoNow(requester.now);
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockLists(trx, kind.table, [sourceId, destinationId], nowIso);
    const s = locked.get(sourceId);
    const d = locked.get(destinationId);
    if (!s || !d || d.merged_into_id) throw kind.notFound();
    if (s.merged_into_id === destinationId) return; // a parallel twin merged it a moment ago
    if (s.merged_into_id) throw alreadyMerged();
    if (s.customer_id !== source.customer_id) await assertAccess(trx, kind, s, requester);
    if (d.customer_id !== destination.customer_id) await assertAccess(trx, kind, d, requester);
    await kind.copyItems(trx, sourceId, destinationId, nowIso);
    await kind.deleteItems(trx, sourceId);
    await repo.markListMerged(trx, kind.table, sourceId, destinationId, nowIso);
  });
  return destinationId;
}

/**
 * Claims a list for a known customer inside the caller's transaction (the cart at checkout): locks its row —
 * the caller's first lock — and attaches it when anonymous. Same rules as every other change: a list unknown,
 * merged away or another customer's is refused. Unlike {@link attachList} it does not refuse a customer who
 * already has another list (the order simply uses this one).
 * @throws the kind's 404.
 */
export async function claimList(
  trx: DbOrTrx,
  kind: OwnedListKind,
  uuid: string,
  customerId: string,
  nowIso: string,
): Promise<repo.ListRecord> {
  const list = await repo.lockList(trx, kind.table, uuid.toLowerCase(), nowIso);
  if (!list || list.merged_into_id) throw kind.notFound();
  if (list.customer_id !== null && list.customer_id !== customerId) throw kind.notFound();
  if (list.customer_id === null) await repo.setListCustomer(trx, kind.table, list.id, customerId, nowIso);
  return { ...list, customer_id: customerId };
}
