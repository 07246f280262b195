import { Form, Link, redirect, useNavigation } from 'react-router';
import { formatPrice } from '@kiim/contract/format';
import { COOKIE } from '@kiim/contract/enums';
import type { Route } from './+types/checkout';
import { apiFor } from '../../lib/api.server.ts';
import { currentCityId, uuidCookie } from '../../lib/cookies.server.ts';
import { checkoutDefaults, placeOrder } from './checkout.server.ts';
import { useRootData } from '../../root.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Оформление заказа — Kiim' }, { name: 'robots', content: 'noindex' }];

/**
 * Checkout (spec §2): only for signed-in customers, otherwise sent to /cart. Shows the lines available in
 * the current city, the city's pickup points, delivery and payment methods (spec §3, §4). Each page view
 * carries a new idempotency key, so a double submit never makes two orders.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  if (!api.token) throw redirect('/cart');
  const uuid = uuidCookie(request, COOKIE.cartUuid);
  if (!uuid) throw redirect('/cart');
  const split = await api.splitCart(uuid, currentCityId(request)).catch(() => null);
  if (!split || split.available.length === 0) throw redirect('/cart');
  return { split, defaults: checkoutDefaults(request, split), idempotencyKey: crypto.randomUUID() };
}

export function action({ request, context }: Route.ActionArgs) {
  return placeOrder(request, apiFor(request, context));
}

/** Field error of the API answer under one of the names it may use. */
function FieldError({ errors, names }: { errors: Record<string, string[]> | undefined; names: string[] }) {
  const msg = names.map((n) => errors?.[n]?.[0] ?? errors?.[`order.${n}`]?.[0]).find(Boolean);
  return msg ? <p className="field-error" role="alert">{msg}</p> : null;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { split, defaults, idempotencyKey } = loaderData;
  const root = useRootData();
  const navigation = useNavigation();
  const errors = actionData?.errors;
  const itemsAmount = split.available.reduce((s, i) => s + i.price * i.qty, 0);
  const courier = split.availableDeliveryMethods.find((m) => m.id === 2);
  return (
    <>
      <h1>Оформление заказа</h1>
      {actionData?.message && (
        <p className="alert" role="alert">
          {actionData.message}
        </p>
      )}
      <Form method="post" className="checkout">
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <div className="checkout__main">
          <fieldset className="panel">
            <legend>Способ получения в городе {root?.city?.name}</legend>
            {split.availableDeliveryMethods.map((m) => (
              <label key={m.id} className="option">
                <input type="radio" name="deliveryMethodId" value={m.id} defaultChecked={m.id === defaults.deliveryMethodId} />
                <span>
                  {m.name} — {m.price ? formatPrice(m.price) : 'бесплатно'}
                </span>
              </label>
            ))}
          </fieldset>

          <fieldset className="panel pickup-panel">
            <legend>Пункт самовывоза</legend>
            <FieldError errors={errors} names={['pickupPointId']} />
            <ul className="pickup-points">
              {split.availablePickupPointList.map((p) => (
                <li key={p.id}>
                  <label className="option option--block">
                    <input type="radio" name="pickupPointId" value={p.id} defaultChecked={p.id === defaults.pickupPointId} />
                    <span>
                      <strong>{p.title}</strong>
                      <span className="muted">
                        {[p.buildingName, `${p.addressCity}, ${p.addressStreetNumber}`, p.addressFloor && `${p.addressFloor} этаж`].filter(Boolean).join(', ')}
                      </span>
                      <span className="muted">{p.openingHours}</span>
                      {p.addressComment && <span className="muted">{p.addressComment}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          {courier && (
            <fieldset className="panel courier-panel">
              <legend>Адрес доставки курьером</legend>
              <div className="form-grid">
                <label className="field field--wide">
                  <span>Улица</span>
                  <input name="street" autoComplete="address-line1" maxLength={200} />
                  <FieldError errors={errors} names={['delivery.street']} />
                </label>
                <label className="field">
                  <span>Дом</span>
                  <input name="building" maxLength={50} />
                  <FieldError errors={errors} names={['delivery.building']} />
                </label>
                <label className="field">
                  <span>Подъезд</span>
                  <input name="entranceNumber" maxLength={20} />
                </label>
                <label className="field">
                  <span>Этаж</span>
                  <input name="floor" maxLength={20} />
                </label>
                <label className="field">
                  <span>Квартира / офис</span>
                  <input name="flat" maxLength={20} />
                </label>
              </div>
              <label className="option">
                <input type="checkbox" name="deliveryNotToCustomer" />
                <span>Получатель другой человек</span>
              </label>
              <div className="form-grid recipient">
                <label className="field">
                  <span>Имя получателя</span>
                  <input name="contactName" autoComplete="name" maxLength={100} />
                  <FieldError errors={errors} names={['delivery.contactName']} />
                </label>
                <label className="field">
                  <span>Телефон получателя</span>
                  <input name="contactPhone" type="tel" autoComplete="tel" maxLength={32} />
                  <FieldError errors={errors} names={['delivery.contactPhone']} />
                </label>
              </div>
            </fieldset>
          )}

          <fieldset className="panel">
            <legend>Оплата</legend>
            <FieldError errors={errors} names={['paymentId']} />
            {split.availablePaymentMethods.map((m) => (
              <label key={m.id} className="option">
                <input type="radio" name="paymentId" value={m.id} defaultChecked={m.id === defaults.paymentId} />
                <span>{m.name}</span>
              </label>
            ))}
          </fieldset>

          <fieldset className="panel">
            <legend>Контакты и комментарий</legend>
            <label className="field">
              <span>Электронная почта (необязательно) — пришлём чек</span>
              <input name="email" type="email" autoComplete="email" maxLength={254} defaultValue={root?.customer?.email ?? ''} />
              <FieldError errors={errors} names={['email']} />
            </label>
            <label className="field">
              <span>Комментарий к заказу</span>
              <textarea name="customerComment" rows={3} maxLength={1000} />
            </label>
          </fieldset>
        </div>

        <aside className="summary" aria-label="Ваш заказ">
          <h2>Ваш заказ</h2>
          <ul className="summary__lines">
            {split.available.map((i) => (
              <li key={i.externalId}>
                <span>
                  {i.name}, {i.size} × {i.qty}
                </span>
                <span>{formatPrice(i.price * i.qty)}</span>
              </li>
            ))}
          </ul>
          {split.notAvailable.length > 0 && (
            <p className="muted">
              Товары, которых нет в наличии в вашем городе, останутся в <Link to="/Cart">корзине</Link>.
            </p>
          )}
          <dl>
            <div className="summary__total">
              <dt>Товары</dt>
              <dd data-testid="checkout-total">{formatPrice(itemsAmount)}</dd>
            </div>
          </dl>
          <p className="muted">Стоимость доставки курьером добавится к сумме заказа. Самовывоз бесплатный.</p>
          <button type="submit" className="button button--primary button--block" disabled={navigation.state !== 'idle'}>
            Подтвердить заказ
          </button>
        </aside>
      </Form>
    </>
  );
}
