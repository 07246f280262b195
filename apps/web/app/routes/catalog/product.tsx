import { useState } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import type { Route } from './+types/product';
import { apiFor, notFoundOnApi404 } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { Price } from '../../components/Price.tsx';

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: `${data.product.name}, ${data.product.colour.name} — ${data.product.brand.name} | Kiim` },
        { name: 'description', content: data.product.description.slice(0, 160) },
      ]
    : [{ title: 'Товар не найден — Kiim' }];

/** Product page (spec §2): the product with stock per size in the current city (spec §3, §4). Unknown slug → 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const product = await apiFor(request, context).product(params.slug, currentCityId(request)).catch(notFoundOnApi404);
  return { product };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const orderable = product.skus.filter((s) => s.regionalStockAmount !== 'not-available' || s.globalStockAmount !== 'not-available');
  const [size, setSize] = useState<string | undefined>(orderable.length === 1 ? orderable[0]?.externalId : undefined);
  const [main, ...rest] = product.images;
  const [search] = useSearchParams();
  const added = (fetcher.data?.ok && fetcher.state === 'idle') || (!fetcher.data && search.get('added') === '1');
  return (
    <>
      <nav className="breadcrumbs" aria-label="Навигация">
        <Link to="/">Главная</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/category/${product.category.slug}`}>{product.category.name}</Link>
        <span aria-hidden="true">/</span>
        <span>{product.name}</span>
      </nav>
      <div className="product">
        <div className="gallery">
          {main && (
            <img src={main.src} srcSet={main.srcSet} sizes="(max-width: 900px) 100vw, 50vw" width={main.width} height={main.height} alt={main.alt} fetchPriority="high" />
          )}
          {rest.map((img) => (
            <img key={img.src} src={img.src} srcSet={img.srcSet} sizes="(max-width: 900px) 100vw, 50vw" width={img.width} height={img.height} alt={img.alt} loading="lazy" decoding="async" />
          ))}
        </div>
        <div className="product__info">
          <p className="product__brand">{product.brand.name}</p>
          <h1>{product.name}</h1>
          <Price price={product.price} originalPrice={product.originalPrice} className="price--large" />
          <p className="muted">Цвет: {product.colour.name}</p>
          {product.colours.length > 1 && (
            <ul className="swatches" aria-label="Другие цвета">
              {product.colours.map((c) => (
                <li key={c.slug}>
                  <Link to={`/product/${c.slug}`} title={c.name} aria-current={c.slug === product.slug ? 'true' : undefined} className="swatch" style={{ background: c.hex }}>
                    <span className="visually-hidden">{c.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <fetcher.Form method="post" action="/Cart" className="stack">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="qty" value="1" />
            <input type="hidden" name="redirectTo" value={`/product/${product.slug}?added=1`} />
            <fieldset className="sizes">
              <legend>Размер</legend>
              {product.skus.map((sku) => {
                const none = sku.regionalStockAmount === 'not-available' && sku.globalStockAmount === 'not-available';
                return (
                  <label key={sku.externalId} className={`size${none ? ' size--none' : ''}`} title={sku.stockState}>
                    <input type="radio" name="externalId" value={sku.externalId} disabled={none} required checked={size === sku.externalId} onChange={() => setSize(sku.externalId)} />
                    <span>{sku.size}</span>
                  </label>
                );
              })}
            </fieldset>
            <p className="muted" data-testid="size-stock">
              {size ? product.skus.find((s) => s.externalId === size)?.stockState : product.stockState}
            </p>
            <button type="submit" className="button button--primary" disabled={fetcher.state !== 'idle'}>
              Добавить в корзину
            </button>
            {added && (
              <p className="notice" role="status">
                Товар добавлен в корзину. <Link to="/Cart">Перейти в корзину</Link>
              </p>
            )}
            {fetcher.data && !fetcher.data.ok && <p className="field-error" role="alert">{fetcher.data.message}</p>}
          </fetcher.Form>
          <section className="product__about">
            <h2>О товаре</h2>
            <p>{product.description}</p>
            <h3>Состав</h3>
            <p>{product.composition}</p>
            <h3>Уход</h3>
            <p>{product.care}</p>
          </section>
        </div>
      </div>
    </>
  );
}
