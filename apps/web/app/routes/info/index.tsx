import { Link } from 'react-router';
import type { Route } from './+types/index';
import { keepDataUnderDialogs } from '../../lib/revalidate.ts';
import { apiFor } from '../../lib/api.server.ts';
import { siteOrigin } from '../../lib/public-config.server.ts';
import { Breadcrumbs } from '../../components/Breadcrumbs.tsx';

export const meta: Route.MetaFunction = ({ data }) => [
  { title: 'Информация для покупателей — Kiim' },
  {
    name: 'description',
    content:
      'Доставка и оплата, обмен и возврат, таблица размеров, пункты выдачи, контакты, оферта и политика конфиденциальности Kiim.',
  },
  ...(data ? [{ tagName: 'link', rel: 'canonical', href: `${data.origin}/info` }] : []),
];

/** Information index (spec §2 `/info`): every published information page with its description. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { pages: await apiFor(request, context).contentPages(), origin: siteOrigin(request) };
}

/** Opening or stepping the sign-in dialog over this page reloads nothing (lib/revalidate.ts). */
export const shouldRevalidate = keepDataUnderDialogs;

export default function InfoIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Breadcrumbs items={[{ name: 'Главная', href: '/' }, { name: 'Информация' }]} />
      <h1>Информация для покупателей</h1>
      <ul className="info-index">
        {loaderData.pages.map((p) => (
          <li key={p.slug}>
            <Link to={`/info/${p.slug}`} className="info-index__title">
              {p.title}
            </Link>
            <p className="muted">{p.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
