import { z } from 'zod';
import { dataOf, Uuid } from './common.schema.ts';

// The back office's customers (issue 15, docs/decisions/019): search by phone or name, a profile, block / unblock.

/** Customers per page of the back office's list. */
export const ADMIN_CUSTOMER_PAGE_SIZE = 25;

/** Query of `GET /api/admin/customers`: `q` a phone (any spelling, by its digits) or part of a name; `page` from 1. */
export const AdminCustomerListQuery = z
  .object({
    q: z.string().trim().max(100, { message: 'Не длиннее 100 символов' }).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict();
export type AdminCustomerListQuery = z.infer<typeof AdminCustomerListQuery>;

/** A customer as staff see them; `mobile` is `7XXXXXXXXXX`, times ISO 8601 UTC. */
export const AdminCustomer = z.object({
  id: z.string(),
  mobile: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
  blockedReason: z.string().nullable(),
  orderCount: z.number().int(),
});
export type AdminCustomer = z.infer<typeof AdminCustomer>;
export const AdminCustomerPage = z.object({
  items: z.array(AdminCustomer),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminCustomerPage = z.infer<typeof AdminCustomerPage>;
export const AdminCustomerPageResponse = dataOf(AdminCustomerPage);
export const AdminCustomerResponse = dataOf(z.object({ customer: AdminCustomer }));
export const AdminCustomerParams = z.object({ id: Uuid });

/** Body of `POST /api/admin/customers/:id/block`: why (staff only), 3–500 characters. */
export const BlockCustomerBody = z
  .object({
    reason: z
      .string({ message: 'Укажите причину блокировки' })
      .trim()
      .min(3, { message: 'Укажите причину блокировки' })
      .max(500, { message: 'Не длиннее 500 символов' }),
  })
  .strict();
export type BlockCustomerBody = z.infer<typeof BlockCustomerBody>;
