import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import type { Suggestions } from '@kiim/contract';
import { useLang, useT } from '../lib/text.ts';
import { Price } from './Price.tsx';

/** Milliseconds the box waits after the last key before asking for suggestions (issue 35 item 3). */
const DEBOUNCE_MS = 150;

/** The listbox's id, named by the search field's `aria-controls` (SearchBox.tsx). */
export const SUGGEST_LIST_ID = 'site-search-list';
const optionId = (k: number) => `site-search-option-${k}`;

interface Item {
  href: string;
  group: 'products' | 'categories' | 'brands';
}

/** Every option in the order shown: products, categories, brands. */
function itemsOf(s: Suggestions | undefined): Item[] {
  if (!s) return [];
  return [
    ...s.products.map((p) => ({
      href: `/product/${encodeURIComponent(p.slug)}`,
      group: 'products' as const,
    })),
    ...s.categories.map((c) => ({
      href: `/category/${encodeURIComponent(c.slug)}`,
      group: 'categories' as const,
    })),
    ...s.brands.map((b) => ({
      href: `/search?brand=${encodeURIComponent(b.slug)}`,
      group: 'brands' as const,
    })),
  ];
}

/**
 * The header search field's suggestions (issue 35 item 3), loaded with their code on the field's first focus: a
 * WAI-ARIA combobox listbox under the field `input` (role, `aria-expanded` and `aria-activedescendant` are kept on
 * it). Asks `/search/suggest` {@link DEBOUNCE_MS} ms after the last key, an earlier request being cancelled by the
 * fetcher; ↓/↑ move through products, categories and brands, Enter opens the highlighted one (else the form
 * searches the text), Escape closes.
 */
export default function SearchSuggest({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const lang = useLang();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ suggestions?: Suggestions }>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = fetcher.data?.suggestions;
  const items = itemsOf(suggestions);
  const state = useRef({ items, active, open });
  state.current = { items, active, open };

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      const q = el.value.trim();
      if (!q) return setOpen(false);
      timer = setTimeout(() => {
        void fetcher.load(`/search/suggest?q=${encodeURIComponent(q.slice(0, 100))}&lang=${lang}`);
        setOpen(true);
        setActive(-1);
      }, DEBOUNCE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const { items: list, active: at, open: shown } = state.current;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (list.length === 0) return;
        e.preventDefault();
        setOpen(true);
        const last = list.length - 1;
        if (e.key === 'ArrowDown') setActive(shown ? (at >= last ? 0 : at + 1) : 0);
        else setActive(shown ? (at <= 0 ? last : at - 1) : last);
      } else if (e.key === 'Enter' && shown && at >= 0 && list[at]) {
        e.preventDefault();
        setOpen(false);
        void navigate(list[at].href);
      } else if (e.key === 'Escape' && shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    };
    const onBlur = () => setOpen(false);
    const onFocus = () => el.value.trim() && setOpen(true);
    el.addEventListener('input', ask);
    el.addEventListener('keydown', onKey);
    el.addEventListener('blur', onBlur);
    el.addEventListener('focus', onFocus);
    if (el.value.trim()) ask();
    return () => {
      clearTimeout(timer);
      el.removeEventListener('input', ask);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('focus', onFocus);
    };
  }, [input, lang]); // eslint-disable-line react-hooks/exhaustive-deps

  const shown = open && items.length > 0;
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) el.setAttribute('aria-activedescendant', optionId(active));
    else el.removeAttribute('aria-activedescendant');
  }, [input, shown, active]);

  let k = -1;
  const option = (content: React.ReactNode) => {
    const n = ++k;
    return (
      <li
        key={n}
        id={optionId(n)}
        role="option"
        aria-selected={n === active}
        className="suggest__option"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          setOpen(false);
          void navigate(items[n]!.href);
        }}
      >
        {content}
      </li>
    );
  };
  const group = (key: Item['group'], label: string, children: React.ReactNode[]) =>
    children.length > 0 && (
      <li role="presentation" className="suggest__group">
        <span id={`${SUGGEST_LIST_ID}-${key}`} className="suggest__label">
          {label}
        </span>
        <ul role="group" aria-labelledby={`${SUGGEST_LIST_ID}-${key}`}>
          {children}
        </ul>
      </li>
    );

  return (
    <ul
      id={SUGGEST_LIST_ID}
      role="listbox"
      aria-label={t('header.suggestions')}
      className="suggest"
      hidden={!shown}
    >
      {suggestions &&
        group(
          'products',
          t('header.suggestProducts'),
          suggestions.products.map((p) =>
            option(
              <>
                {p.image ? (
                  <img
                    src={p.image.src}
                    alt=""
                    width={40}
                    height={53}
                    loading="lazy"
                    className="suggest__img"
                  />
                ) : (
                  <span className="suggest__img" />
                )}
                <span className="suggest__text">
                  <span className="suggest__name">{p.name}</span>
                  <span className="suggest__meta">
                    {p.brandName} · <Price price={p.price} originalPrice={p.price} from={p.priceFrom} />
                    {p.inStock && <> · {t('header.suggestInStock')}</>}
                  </span>
                </span>
              </>,
            ),
          ),
        )}
      {suggestions &&
        group(
          'categories',
          t('header.suggestCategories'),
          suggestions.categories.map((c) => option(<span className="suggest__name">{c.name}</span>)),
        )}
      {suggestions &&
        group(
          'brands',
          t('header.suggestBrands'),
          suggestions.brands.map((b) => option(<span className="suggest__name">{b.name}</span>)),
        )}
    </ul>
  );
}
