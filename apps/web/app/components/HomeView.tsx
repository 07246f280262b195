import { Link } from 'react-router';
import type { Banner, BrandDetails, CategoryTreeNode, ProductCard as ProductCardData } from '@kiim/contract';
import { BannerPicture, pairBanners } from './BannerPicture.tsx';
import { ProductCard } from './ProductCard.tsx';
import { Slider } from './Slider.tsx';
import { useT } from '../lib/text.ts';

/** What a home page shows (routes/catalog/home.server.ts loads it). */
export interface HomeData {
  gender: number | null;
  /** Banners of the page's slots (spec §9): four-large-banners on `/`, home-women/men (+ mobile) on segments. */
  banners: Banner[];
  tree: CategoryTreeNode[];
  arrivals: ProductCardData[];
  sale: ProductCardData[];
  /** Brands for the brand slider, most products first. */
  brands: Pick<BrandDetails, 'slug' | 'name' | 'country' | 'productCount'>[];
}

/**
 * Home page body, shared by `/` and `/home-{slug}` (spec §2): on `/` the four large banners (spec §9) and the
 * category tiles of both segments; on a segment home its banners (desktop with mobile variants), its category
 * tiles (a segment without categories is left out); then the new-arrivals and sale sliders of the current city and
 * the brand slider — or, in a shop with nothing on sale yet, a polite «coming soon».
 */
export function HomeView({ gender, banners, tree, arrivals, sale, brands }: HomeData) {
  const t = useT();
  const segmentSlot = gender === 1 ? 'home-men' : 'home-women';
  const hero = pairBanners(
    banners.filter((b) => b.slot === segmentSlot),
    banners.filter((b) => b.slot === `${segmentSlot}-mobile`),
  );
  const four = banners.filter((b) => b.slot === 'four-large-banners');
  const segment = gender === null ? null : tree.find((n) => n.gender === gender);
  const all = gender === null;
  const listQuery = gender === null ? '' : `gender=${gender}&`;
  return (
    <>
      <h1 className={all ? 'visually-hidden' : 'home__title'}>
        {all ? t('home.title') : gender === 1 ? t('home.menTitle') : t('home.womenTitle')}
      </h1>
      {all && four.length > 0 && (
        <ul className="four-banners" aria-label={t('home.banners')}>
          {four.map((b, i) => (
            <li key={b.id}>
              <BannerPicture
                banner={b}
                priority={i < 2}
                sizes="(max-width: 640px) 50vw, (max-width: 1200px) 25vw, 300px"
                className="banner--tile"
              />
            </li>
          ))}
        </ul>
      )}
      {!all && hero.length > 0 && (
        <div className="hero-banners">
          {hero.map((h, i) => (
            <BannerPicture
              key={h.banner.id}
              banner={h.banner}
              mobile={h.mobile}
              priority={i === 0}
              className={i === 0 ? 'banner--hero' : 'banner--hero banner--second'}
            />
          ))}
        </div>
      )}
      {(segment ? [segment] : tree)
        .filter((node) => node.categories.length > 0)
        .map((node) => (
          <section className="section" key={node.slug}>
            <h2>
              {all ? (
                <Link to={`/home-${node.slug}`} className="section__link">
                  {node.name}
                </Link>
              ) : (
                t('home.categories')
              )}
            </h2>
            <ul className="tiles">
              {node.categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/category/${c.slug}`} className={`tile tile--k${c.kind}`}>
                    <span>{c.name}</span>
                    <span className="tile__count">{t('count.models', { count: c.productCount })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      {arrivals.length === 0 && sale.length === 0 ? (
        <ComingSoon />
      ) : (
        <Sliders arrivals={arrivals} sale={sale} brands={brands} listQuery={listQuery} />
      )}
    </>
  );
}

/**
 * The home of a shop with nothing on sale yet (issue 27, a new shop's first day): a polite line instead of empty
 * sliders and their «Все новинки» links.
 */
function ComingSoon() {
  const t = useT();
  return (
    <section className="section empty home-empty" aria-labelledby="home-empty">
      <h2 id="home-empty">{t('home.comingSoon')}</h2>
      <p>{t('home.comingSoonText')}</p>
    </section>
  );
}

/** The new-arrivals and sale sliders with their «all» links, then the brand slider (spec §2). */
function Sliders({
  arrivals,
  sale,
  brands,
  listQuery,
}: Pick<HomeData, 'arrivals' | 'sale' | 'brands'> & { listQuery: string }) {
  const t = useT();
  return (
    <>
      <Slider title={t('home.newArrivals')}>
        {arrivals.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </Slider>
      <p className="section__more">
        <Link to={`/search?${listQuery}sort=new-arrivals`}>{t('home.allNewArrivals')}</Link>
      </p>
      <Slider title={t('home.discounts')}>
        {sale.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </Slider>
      <p className="section__more">
        <Link to={`/search?${listQuery}discount=1&sort=discount-desc`}>{t('home.allDiscounts')}</Link>
      </p>
      <BrandSlider brands={brands} listQuery={listQuery} />
    </>
  );
}

/** The brand slider (spec §2): a tile per brand with its country and number of models, and a link to all brands. */
function BrandSlider({ brands, listQuery }: { brands: HomeData['brands']; listQuery: string }) {
  const t = useT();
  return (
    <>
      <Slider title={t('common.brands')}>
        {brands.map((b) => (
          <Link key={b.slug} to={`/search?${listQuery}brand=${b.slug}`} className="brand-tile">
            <span className="brand-tile__name">{b.name}</span>
            <span className="brand-tile__meta">
              {b.country} · {t('count.models', { count: b.productCount })}
            </span>
          </Link>
        ))}
      </Slider>
      <p className="section__more">
        <Link to="/brands">{t('home.allBrands')}</Link>
      </p>
    </>
  );
}
