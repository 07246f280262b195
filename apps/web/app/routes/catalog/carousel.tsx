import { Link } from 'react-router';
import { PAGE_SIZE, type ProductCard as Card } from '@kiim/contract';
import type { Route } from './+types/carousel';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId } from '../../lib/cookies.server.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';
import { ProductCard } from '../../components/ProductCard.tsx';
import { Slider } from '../../components/Slider.tsx';

export const meta: Route.MetaFunction = () => [
  { title: 'Подборки — Kiim' },
  { name: 'description', content: 'Подборки Kiim: новинки, скидки и то, что есть в наличии в вашем городе.' },
];

/** The carousels of the page, each a list query of the current city (home page size 15, spec §9). */
const CAROUSELS = [
  {
    title: 'Новинки для неё',
    more: '/search?gender=0&sort=new-arrivals',
    query: { gender: 0, sort: 'new-arrivals' },
  },
  {
    title: 'Новинки для него',
    more: '/search?gender=1&sort=new-arrivals',
    query: { gender: 1, sort: 'new-arrivals' },
  },
  {
    title: 'Больше всего в наличии в вашем городе',
    more: '/search?inStock=1&sort=regional-availability',
    query: { sort: 'regional-availability', inStock: true },
  },
  {
    title: 'Самые большие скидки',
    more: '/search?discount=1&sort=discount-desc',
    query: { sort: 'discount-desc', discount: true },
  },
] as const;

/**
 * Carousel page (spec §2, content not specified): collections as product sliders — new arrivals for women and
 * men, what the current city has most of, the largest discounts — each with a link to its full list.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  const cityId = currentCityId(request);
  const lists = await Promise.all(
    CAROUSELS.map((c) =>
      api
        .products({ ...c.query, cityId, pageSize: PAGE_SIZE.home })
        .then((l) => l.items)
        .catch((): Card[] => []),
    ),
  );
  return { carousels: CAROUSELS.map((c, i) => ({ title: c.title, more: c.more, items: lists[i]! })) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function CarouselPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ name: 'Главная', href: '/' }, { name: 'Подборки' }]} />
      <h1>Подборки</h1>
      {loaderData.carousels.map((c) => (
        <div key={c.title}>
          <Slider title={c.title}>
            {c.items.map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </Slider>
          <p className="section__more">
            <Link to={c.more}>Смотреть все</Link>
          </p>
        </div>
      ))}
    </>
  );
}
