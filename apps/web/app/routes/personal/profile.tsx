import { useRouteLoaderData } from 'react-router';
import { formatPhone } from '@kiim/contract/format';
import type { Customer } from '@kiim/contract';

/** Profile at the empty child path of /personal (spec §2): the customer's name and phone. */
export default function Profile() {
  const data = useRouteLoaderData<{ customer: Customer }>('routes/personal/layout');
  const c = data?.customer;
  if (!c) return null;
  return (
    <section>
      <h1>Профиль</h1>
      <dl className="details">
        <div>
          <dt>Имя</dt>
          <dd>{[c.name, c.surname].filter(Boolean).join(' ') || 'Не указано'}</dd>
        </div>
        <div>
          <dt>Телефон</dt>
          <dd data-testid="profile-phone">{formatPhone(c.mobile)}</dd>
        </div>
        <div>
          <dt>Электронная почта</dt>
          <dd>{c.email ?? 'Не указана'}</dd>
        </div>
      </dl>
    </section>
  );
}
