import type { Customer } from '@kiim/contract';
import type { CustomerRow } from './customer.table.ts';

/** Customer row → API shape: never the password hash, only whether one is set. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    mobile: row.mobile,
    name: row.name,
    surname: row.surname,
    email: row.email,
    gender: row.gender,
    birthDate: row.birth_date,
    hasPassword: row.password_hash !== null,
    language: row.language,
  };
}
