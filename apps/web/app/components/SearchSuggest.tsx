import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import type { Suggestions } from '@kiim/contract';
import { useRootData } from '../lib/root-data.ts';
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

/** What the key handler reads: the options, the highlighted one and whether the list shows. */
interface View {
  items: Item[];
  active: number;
  open: boolean;
}

/**
 * The field's listeners: typing asks for suggestions {@link DEBOUNCE_MS} ms after the last key (`load` cancels an
 * earlier request), ↓/↑ move the highlight, Enter opens the highlighted option, Escape and blur close.
 */
function useFieldKeys(
  input: RefObject<HTMLInputElement | null>,
  view: RefObject<View>,
  load: (q: string) => void,
  setOpen: (open: boolean) => void,
  setActive: (active: number) => void,
  go: (href: string) => void,
) {
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      const q = el.value.trim();
      if (!q) return setOpen(false);
      timer = setTimeout(() => {
        load(q.slice(0, 100));
        setOpen(true);
        setActive(-1);
      }, DEBOUNCE_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const { items, active: at, open: shown } = view.current;
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && items.length > 0) {
        e.preventDefault();
        setOpen(true);
        const last = items.length - 1;
        if (e.key === 'ArrowDown') setActive(shown ? (at >= last ? 0 : at + 1) : 0);
        else setActive(shown ? (at <= 0 ? last : at - 1) : last);
      } else if (e.key === 'Enter' && shown && items[at]) {
        e.preventDefault();
        go(items[at].href);
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
  }, [input, view, load, setOpen, setActive, go]);
}

/**
 * The suggestions of the latest text asked: `ask(q)` reads the API's `GET /api/catalog/suggest` (spec §7) in the
 * shopper's city and language, cancelling the request before it; nothing without a city (decision 083). The API's
 * own address, not a page route: a text asked before is sent by its cached-answer lane in microseconds (decision
 * 082), where a route of the storefront took React Router's whole path for every keystroke. A refused, failed or
 * cancelled request keeps the list as it was (the field still searches on Enter).
 */
function useSuggestions(lang: string, cityId: number | undefined) {
  const [suggestions, setSuggestions] = useState<Suggestions>();
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const ask = useCallback(
    (q: string) => {
      pending.current?.abort();
      // A shop with no city yet (nothing set up) has nothing to suggest: the API would answer 404.
      if (!cityId) return;
      const request = (pending.current = new AbortController());
      fetch(`/api/catalog/suggest?q=${encodeURIComponent(q)}&lang=${lang}&cityId=${cityId}`, {
        signal: request.signal,
      })
        .then((r) => (r.ok ? (r.json() as Promise<{ data: Suggestions }>) : null))
        .then((body) => {
          if (body && !request.signal.aborted) setSuggestions(body.data);
        })
        .catch(() => undefined);
    },
    [lang, cityId],
  );
  return [suggestions, ask] as const;
}

/**
 * The header search field's suggestions (issue 35 item 3), loaded with their code on the field's first focus: a
 * WAI-ARIA combobox listbox under the field `input` (its `aria-expanded` and `aria-activedescendant` are kept on
 * it). Asks the API {@link DEBOUNCE_MS} ms after the last key, an earlier request being cancelled
 * ({@link useSuggestions}); ↓/↑ move through products, categories and brands, Enter opens the highlighted one (else
 * the form searches the text), Escape closes.
 */
export default function SearchSuggest({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const lang = useLang();
  const navigate = useNavigate();
  const [suggestions, ask] = useSuggestions(lang, useRootData()?.city?.id);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const items = itemsOf(suggestions);
  const view = useRef<View>({ items, active, open });
  useEffect(() => {
    view.current = { items, active, open };
  });
  const go = useCallback(
    (href: string) => {
      setOpen(false);
      void navigate(href);
    },
    [navigate],
  );
  useFieldKeys(input, view, ask, setOpen, setActive, go);
  const shown = open && items.length > 0;
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.setAttribute('aria-expanded', String(shown));
    if (shown && active >= 0) el.setAttribute('aria-activedescendant', optionId(active));
    else el.removeAttribute('aria-activedescendant');
  }, [input, shown, active]);
  return (
    <SuggestList suggestions={suggestions} shown={shown} active={active} onPick={(k) => go(items[k]!.href)} />
  );
}

/** The listbox: products (picture, name, brand, price, in stock), then categories and brands, in labelled groups. */
function SuggestList({
  suggestions,
  shown,
  active,
  onPick,
}: {
  suggestions: Suggestions | undefined;
  shown: boolean;
  active: number;
  onPick: (k: number) => void;
}) {
  const t = useT();
  let k = -1;
  const option = (content: ReactNode) => {
    const n = ++k;
    return (
      <li
        key={n}
        id={optionId(n)}
        role="option"
        aria-selected={n === active}
        className="suggest__option"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onPick(n)}
      >
        {content}
      </li>
    );
  };
  const group = (key: Item['group'], label: string, children: ReactNode[]) =>
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
  const s = suggestions ?? { products: [], categories: [], brands: [] };
  return (
    <ul
      id={SUGGEST_LIST_ID}
      role="listbox"
      aria-label={t('header.suggestions')}
      className="suggest"
      hidden={!shown}
    >
      {group(
        'products',
        t('header.suggestProducts'),
        s.products.map((p) => option(<ProductOption p={p} />)),
      )}
      {group(
        'categories',
        t('header.suggestCategories'),
        s.categories.map((c) => option(<span className="suggest__name">{c.name}</span>)),
      )}
      {group(
        'brands',
        t('header.suggestBrands'),
        s.brands.map((b) => option(<span className="suggest__name">{b.name}</span>)),
      )}
    </ul>
  );
}

/** A product option's content: picture, name, brand, price in tenge («от» when sizes differ), in stock. */
function ProductOption({ p }: { p: Suggestions['products'][number] }) {
  const t = useT();
  return (
    <>
      {p.image ? (
        <img src={p.image.src} alt="" width={40} height={53} loading="lazy" className="suggest__img" />
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
    </>
  );
}
