import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * An information page in one language (spec §2 `/info/{slug}`): Markdown `body`, `published` 0/1 (only
 * published pages are served). Unique by (slug, locale). Times are ISO 8601 UTC text.
 */
export interface ContentPageTable {
  id: string;
  slug: string;
  /** `ru`; `kk` comes with the Kazakh translation (issue 13). */
  locale: string;
  title: string;
  /** One or two sentences: the page's meta description and its line in the information index. */
  description: string;
  body: string;
  published: number;
  /** When it was last published; null while it never was. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
}

export type ContentPageRow = Selectable<ContentPageTable>;
export type NewContentPageRow = Insertable<ContentPageTable>;
export type ContentPageUpdate = Updateable<ContentPageTable>;
