import type { DbOrTrx } from '#app/db/database.ts';

/** CDEK's codes of the given cities that have one (reads the catalogue's `city` reference data; writes nothing). */
export async function selectCdekCodes(db: DbOrTrx, cityIds: readonly number[]): Promise<Map<number, number>> {
  if (cityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('city')
    .select(['id', 'cdek_code'])
    .where('id', 'in', [...new Set(cityIds)])
    .where('cdek_code', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.id, Number(r.cdek_code)]));
}
