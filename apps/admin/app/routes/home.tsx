import { Link, useLoaderData } from 'react-router';
import { formatPrice, type AdminDashboard } from '@kiim/contract';
import { adminApi } from '../lib/api.ts';
import { can, sectionsFor } from '../lib/nav.ts';
import { requireMember } from '../lib/session.ts';
import type { Route } from './+types/home';
import { useMember } from './layout.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { FiscalOffBanner } from '../components/Receipts.tsx';

/** The dashboard's figures for a member who may see orders (orders.read); nothing for other roles. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { me } = await requireMember(request);
  return can(me, 'orders.read') ? await adminApi<AdminDashboard>('GET', '/dashboard') : null;
}

/** Today's and 7 days' sales, the orders waiting by stage (links to the filtered list), SKUs running out. */
function Dashboard({ d }: { d: AdminDashboard }) {
  const stages = [
    ['Ждут оплаты', d.awaitingPayment, '/orders?status=awaiting_payment'],
    ['Ждут сборки', d.awaitingPicking, '/orders?status=new'],
    ['Готовы к выдаче', d.readyForPickup, '/orders?status=ready_for_pickup'],
    ['У курьера', d.withCourier, '/orders?status=handed_to_courier'],
  ] as const;
  return (
    <>
      <div className="stat-grid" aria-label="Продажи">
        <div className="stat" data-testid="today">
          Сегодня
          <strong>{formatPrice(d.today.revenue)}</strong>
          <span className="hint">заказов: {d.today.orders}</span>
        </div>
        <div className="stat" data-testid="week">
          За 7 дней
          <strong>{formatPrice(d.week.revenue)}</strong>
          <span className="hint">заказов: {d.week.orders}</span>
        </div>
        {stages.map(([label, n, to]) => (
          <Link key={label} className="stat" to={to}>
            {label}
            <strong>{n}</strong>
          </Link>
        ))}
      </div>
      <section className="panel">
        <h2>Заканчиваются</h2>
        {d.lowStock.length === 0 ? (
          <p className="empty">Остатков на исходе нет.</p>
        ) : (
          <table className="data-table">
            <caption className="visually-hidden">Товары на исходе</caption>
            <thead>
              <tr>
                <th scope="col">Артикул</th>
                <th scope="col">Товар</th>
                <th scope="col">Город</th>
                <th scope="col">Осталось</th>
              </tr>
            </thead>
            <tbody>
              {d.lowStock.map((s) => (
                <tr key={`${s.skuId}:${s.cityName}`}>
                  <td data-label="Артикул">
                    <code>{s.externalId}</code>
                  </td>
                  <td data-label="Товар">
                    {s.productName}, размер {s.size}
                  </td>
                  <td data-label="Город">{s.cityName}</td>
                  <td data-label="Осталось">{s.quantity} шт.</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** The back office's home: a greeting, the dashboard (orders.read), and the sections the member's role may open. */
export default function Home() {
  const me = useMember();
  const dashboard = useLoaderData<typeof clientLoader>();
  const sections = sectionsFor(me).filter((s) => s.to !== '/');
  return (
    <>
      <h1>Здравствуйте, {me.name}</h1>
      {!me.twoFactorEnabled && (
        <p className="notice">
          Включите двухфакторную защиту входа: <Link to="/security">настроить</Link>.
        </p>
      )}
      {dashboard && <FiscalOffBanner mode={dashboard.fiscalOff ? 'off' : 'webkassa'} production />}
      {dashboard && <Dashboard d={dashboard} />}
      {sections.length === 0 ? (
        <p>Разделы для вашей роли появятся здесь, когда будут готовы.</p>
      ) : (
        <ul className="cards">
          {sections.map((s) => (
            <li key={s.to}>
              <Link to={s.to}>
                <strong>{s.label}</strong>
                <span>{s.about}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
