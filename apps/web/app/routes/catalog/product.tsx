import { Suspense, useState } from 'react';
import { Await, Link, useFetcher, useSearchParams } from 'react-router';
import type { RelatedProducts } from '@kiim/contract';
import { StockState } from '@kiim/contract/enums';
import type { Route } from './+types/product';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { checkedValue, useAdoptBeforeHydration } from '../../lib/hydration.ts';
import { FieldError } from '../../components/form/Field.tsx';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { Price } from '../../components/Price.tsx';
import { WishlistHeart } from '../../components/WishlistHeart.tsx';
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from '../../components/Breadcrumbs.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { Slider } from '../../components/Slider.tsx';
import { ZoomableImage, largeImage } from '../../components/ZoomableImage.tsx';
import {
  ProductFeedback,
  RatingLink,
  type FeedbackLists,
} from '../../components/reviews/ProductFeedback.tsx';
import { feedbackView } from '../../components/reviews/feedback-url.ts';
import { productJsonLd } from './product-jsonld.server.ts';
import { productFeedbackAction } from './product-feedback.server.ts';
import { metaLang, metaT, stockLabel, useT } from '../../lib/text.ts';
import { ProductMeasurements } from '../../components/ProductMeasurements.tsx';
import { FitHint } from '../../components/FitHint.tsx';
import { langOf, pageTexts, translateFor } from '../../lib/lang.server.ts';
import { feedbackOf } from '../../lib/feedback-text.server.ts';
import { LOCALE } from '@kiim/contract/text';
import { feedbackDates } from '../../components/reviews/feedback-dates.tsx';
import { canonicalLink } from '../../components/LangSwitch.tsx';
import { DeliveryEstimate } from '../../components/DeliveryEstimate.tsx';
import { BackInStock } from '../../components/BackInStock.tsx';

const SEGMENT = [
  { name: 'common.women', href: '/home-zhenshiny' },
  { name: 'common.men', href: '/home-muzhchiny' },
] as const;

/**
 * SEO of a product page: title, description, canonical, Open Graph (og:image absolute) and schema.org Product
 * (made by the loader: product-jsonld.server.ts) and BreadcrumbList as JSON-LD.
 */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaT(matches);
  if (!data) return [{ title: t('product.notFound') }];
  const { product: p, origin, crumbs, jsonLd } = data;
  const link = canonicalLink(`${origin}/product/${p.slug}`, metaLang(matches));
  const url = link.href;
  const title = `${p.name}, ${p.colour.name} — ${p.brand.name} | Kiim`;
  const description = t('product.metaDescription', {
    name: p.name,
    brand: p.brand.name,
    colour: p.colour.name,
    description: p.description,
  }).slice(0, 160);
  const image = p.images[0] ? origin + largeImage(p.images[0].src) : undefined;
  return [
    { title },
    { name: 'description', content: description },
    link,
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { property: 'product:price:amount', content: String(p.price) },
    { property: 'product:price:currency', content: 'KZT' },
    { 'script:ld+json': jsonLd },
    { 'script:ld+json': breadcrumbJsonLd(crumbs, origin) },
  ];
};

/**
 * Product page (spec §2): the product with stock per size in the current city (spec §3, §4), breadcrumbs, the
 * reviews' summary and, streamed after it, the reviews and questions (issue 10; `?reviewsPage`, `?reviewsSort`,
 * `?questionsPage`) and the similar-products and brand sliders (their failure never fails the page); the schema.org
 * JSON-LD and the review texts of the page's language (`feedbackTexts`, decision 081). Unknown slug → 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  // The reviews' summary (a few indexed counts) comes beside the product, for the rating and the JSON-LD.
  const [product, reviewSummary] = await Promise.all([
    api.product(params.slug, cityId).catch(notFoundOnApi404),
    api.reviewSummary(params.slug).catch(() => null),
  ]);
  const related = api
    .relatedProducts(product.slug, cityId)
    .catch((): RelatedProducts => ({ similar: [], sameBrand: [] }));
  const view = feedbackView(new URL(request.url).searchParams);
  const { lang } = langOf(request);
  const origin = siteOrigin(request);
  const feedback: Promise<FeedbackLists> = Promise.all([
    api.productReviews(product.slug, { page: view.reviewsPage, sort: view.reviewsSort }),
    api.productQuestions(product.slug, { page: view.questionsPage }),
  ]).then(
    // Their dates written here, in the page's language: the browser then builds no Intl.DateTimeFormat (issue 14).
    ([reviews, questions]) => ({
      reviews,
      questions,
      dates: feedbackDates({ reviews, questions }, LOCALE[lang]),
    }),
    () => null,
  );
  const segment = SEGMENT[product.gender] ?? SEGMENT[0];
  const t = translateFor(request);
  const crumbs: Crumb[] = [
    { name: t('common.home'), href: '/' },
    { name: t(segment.name), href: segment.href },
    { name: product.category.name, href: `/category/${product.category.slug}` },
    { name: product.name, href: `/product/${product.slug}` },
  ];
  return {
    product,
    related,
    crumbs,
    origin,
    reviewSummary,
    jsonLd: productJsonLd(
      product,
      origin,
      canonicalLink(`${origin}/product/${product.slug}`, lang).href,
      reviewSummary,
    ),
    feedback,
    view,
    texts: pageTexts(request, ['product', 'stockAlert']),
    feedbackTexts: feedbackOf(lang),
    /** The server's time: the courier's dates (DeliveryEstimate) read the same on the server and in the browser. */
    now: new Date().toISOString(),
  };
}

/** The forms of the reviews and questions blocks (ask a question, «Отзыв полезен»): product-feedback.server.ts. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return productFeedbackAction(request, context, params.slug);
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { product, related, crumbs, reviewSummary, feedback, view, now } = loaderData;
  const orderable = product.skus.filter(
    (s) => s.regionalStockAmount !== 'not-available' || s.globalStockAmount !== 'not-available',
  );
  const [size, setSize] = useState<string | undefined>(
    orderable.length === 1 ? orderable[0]?.externalId : undefined,
  );
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <div className="product">
        <Gallery product={product} />
        <div className="product__info">
          <p className="product__brand">
            <Link to={`/search?brand=${product.brand.slug}`}>{product.brand.name}</Link>
          </p>
          <div className="product__title">
            <h1>{product.name}</h1>
            <WishlistHeart productId={product.id} slug={product.slug} name={product.name} externalId={size} />
          </div>
          <SizePrice product={product} size={size} />
          <RatingLink summary={reviewSummary} />
          <p className="muted">{t('product.colour', { colour: product.colour.name })}</p>
          {product.colours.length > 1 && (
            <ul className="swatches" aria-label={t('product.otherColours')}>
              {product.colours.map((c) => (
                <li key={c.slug}>
                  <Link
                    to={`/product/${c.slug}`}
                    title={c.name}
                    aria-current={c.slug === product.slug ? 'true' : undefined}
                    className="swatch"
                    style={{ background: c.hex }}
                  >
                    <span className="visually-hidden">{c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <AddToCart product={product} size={size} onSize={setSize} now={now} />
          <BackInStock skus={product.skus} chosen={size} />
          {/* Empty sections are never shown (issue 28 items 9-10): 1C often sends no composition or care. */}
          {(product.description || product.composition || product.care) && (
            <section className="product__about">
              <h2>{t('product.about')}</h2>
              {product.description && <p>{product.description}</p>}
              {product.composition && (
                <>
                  <h3>{t('product.composition')}</h3>
                  <p>{product.composition}</p>
                </>
              )}
              {product.care && (
                <>
                  <h3>{t('product.care')}</h3>
                  <p>{product.care}</p>
                </>
              )}
            </section>
          )}
        </div>
      </div>
      <ProductFeedback slug={product.slug} summary={reviewSummary} lists={feedback} view={view} />
      <Suspense fallback={<div className="sliders-placeholder" aria-hidden="true" />}>
        {/* Sliders not there within the page's stream timeout (React Router rejects them): none, like empty ones. */}
        <Await resolve={related} errorElement={<div className="sliders-placeholder" aria-hidden="true" />}>
          {(r) => (
            <div className="sliders-placeholder">
              <Slider title={t('product.similar')}>
                {r.similar.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </Slider>
              <Slider title={t('product.moreFrom', { brand: product.brand.name })}>
                {r.sameBrand.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </Slider>
            </div>
          )}
        </Await>
      </Suspense>
    </>
  );
}

type ProductData = Route.ComponentProps['loaderData']['product'];

/**
 * The price of the chosen size (each size keeps its own, decision 032); before a size is chosen, the product's
 * cheapest with «от» when its sizes cost differently.
 */
function SizePrice({ product, size }: { product: ProductData; size: string | undefined }) {
  const chosen = product.skus.find((s) => s.externalId === size);
  return chosen ? (
    <Price price={chosen.price} originalPrice={chosen.originalPrice} className="price--large" />
  ) : (
    <Price
      price={product.price}
      originalPrice={product.originalPrice}
      from={product.maxPrice > product.price}
      className="price--large"
    />
  );
}

/**
 * Phones: one picture per view, swiped (scroll snap); wider screens: two columns. The first loads at once. Each
 * picture opens large (components/ZoomableImage.tsx).
 */
function Gallery({ product }: { product: ProductData }) {
  const t = useT();
  return (
    <div
      className="gallery"
      tabIndex={0}
      aria-label={t('product.photos', { name: product.name })}
      role="region"
    >
      {product.images.map((img, i) => (
        <ZoomableImage key={img.src} image={img} sizes="(max-width: 900px) 88vw, 400px" priority={i === 0} />
      ))}
    </div>
  );
}

/** Sold out: no size in stock in any city (spec §4 «Нет в наличии»), so nothing can be added to the cart. */
const isSoldOut = (product: ProductData) =>
  product.skus.every(
    (s) => s.regionalStockAmount === 'not-available' && s.globalStockAmount === 'not-available',
  );

/**
 * The sizes with their stock state in the city and «Добавить в корзину» (disabled «Нет в наличии» when sold out): the cart action through a fetcher
 * (a plain form back to `?added=1` without JavaScript). A size with no stock anywhere cannot be chosen. A size
 * chosen before the page's scripts ran is taken over at hydration (lib/hydration.ts).
 */
function AddToCart({
  product,
  size,
  onSize,
  now,
}: {
  product: ProductData;
  size: string | undefined;
  onSize: (externalId: string) => void;
  /** The server's time (the courier's dates). */
  now: string;
}) {
  const t = useT();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [search] = useSearchParams();
  const added =
    (fetcher.data?.ok && fetcher.state === 'idle') || (!fetcher.data && search.get('added') === '1');
  const soldOut = isSoldOut(product);
  const state =
    (size ? product.skus.find((s) => s.externalId === size)?.stockState : product.stockState) ?? '';
  const sizes = useAdoptBeforeHydration<HTMLFieldSetElement>((el) => {
    const chosen = checkedValue(el, 'externalId');
    if (chosen && chosen !== size) onSize(chosen);
  });
  return (
    <fetcher.Form method="post" action="/Cart" className="stack">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="qty" value="1" />
      <input type="hidden" name="redirectTo" value={`/product/${product.slug}?added=1`} />
      <fieldset className="sizes" ref={sizes}>
        <legend>{t('common.size')}</legend>
        {product.skus.map((sku) => {
          const none =
            sku.regionalStockAmount === 'not-available' && sku.globalStockAmount === 'not-available';
          const elsewhere = !none && sku.stockState !== StockState.inStock;
          return (
            <label
              key={sku.externalId}
              className={`size${none ? ' size--none' : elsewhere ? ' size--elsewhere' : ''}`}
              title={stockLabel(t, sku.stockState)}
            >
              <input
                type="radio"
                name="externalId"
                value={sku.externalId}
                disabled={none}
                required
                checked={size === sku.externalId}
                onChange={() => onSize(sku.externalId)}
              />
              <span>{sku.size}</span>
            </label>
          );
        })}
      </fieldset>
      <FitHint slug={product.slug} />
      <p className="size-stock" data-testid="size-stock" aria-live="polite">
        {stockLabel(t, state)}
      </p>
      {!soldOut && <DeliveryEstimate now={now} fromOtherCity={state !== StockState.inStock} />}
      <p className="size-legend muted">
        <Link to={product.sizeGuideUrl}>{t('product.sizeGuide')}</Link>
        <span>{t('product.sizeLegend')}</span>
      </p>
      <ProductMeasurements items={product.measurements} />
      <button
        type="submit"
        className="button button--primary"
        disabled={soldOut || fetcher.state !== 'idle'}
        data-testid="add-to-cart"
      >
        {soldOut ? t('stock.none') : t('product.addToCart')}
      </button>
      {added && (
        <p className="notice" role="status">
          {t('product.added')} <Link to="/Cart">{t('product.goToCart')}</Link>
        </p>
      )}
      <FieldError
        id="add-to-cart-error"
        message={fetcher.data?.ok === false ? fetcher.data.message : undefined}
      />
    </fetcher.Form>
  );
}
