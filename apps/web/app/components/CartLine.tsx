import { Form, Link } from 'react-router';
import type { CartItem } from '@kiim/contract';
import { Price } from './Price.tsx';

/**
 * One cart line: image, name, size and colour, delivery information, unit price and quantity controls.
 * The − and + buttons post a delta of −1 / +1 to the cart action (spec §4: qty ≤ 0 deletes); «Удалить»
 * posts −qty.
 */
export function CartLine({ item }: { item: CartItem }) {
  return (
    <li className={`cart-line${item.inStock ? '' : ' cart-line--out'}`} data-testid="cart-line">
      <Link to={`/product/${item.slug}`} className="cart-line__media">
        {item.image && <img src={item.image.src} width={item.image.width} height={item.image.height} alt={item.image.alt} loading="lazy" />}
      </Link>
      <div className="cart-line__body">
        <span className="card__brand">{item.brandName}</span>
        <Link to={`/product/${item.slug}`} className="cart-line__name">
          {item.name}
        </Link>
        <span className="muted">
          Размер {item.size} · {item.colourName}
        </span>
        <span className={item.inStock ? 'stock stock--in' : 'stock'}>{item.deliveryInformation}</span>
      </div>
      <div className="cart-line__qty">
        <Form method="post" action="/Cart" className="qty" preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="externalId" value={item.externalId} />
          <button type="submit" name="qty" value="-1" aria-label="Уменьшить количество">
            −
          </button>
          <output aria-label="Количество">{item.qty}</output>
          <button type="submit" name="qty" value="1" aria-label="Увеличить количество">
            +
          </button>
        </Form>
        <Form method="post" action="/Cart" preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="externalId" value={item.externalId} />
          <button type="submit" name="qty" value={-item.qty} className="button button--link">
            Удалить
          </button>
        </Form>
      </div>
      <div className="cart-line__price">
        <Price price={item.price * item.qty} originalPrice={item.originalPrice * item.qty} />
        {item.qty > 1 && <span className="muted">{item.qty} × {new Intl.NumberFormat('ru-KZ').format(item.price)} ₸</span>}
      </div>
    </li>
  );
}
