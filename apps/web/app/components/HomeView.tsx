import { Link } from 'react-router';
import { Gender } from '@kiim/contract/enums';
import type { Category, ProductCard } from '@kiim/contract';
import { ProductGrid } from './ProductCard.tsx';

/** Category tiles of one gender. */
function CategoryTiles({ title, categories }: { title: string; categories: Category[] }) {
  return (
    <section className="section">
      <h2>{title}</h2>
      <ul className="tiles">
        {categories.map((c) => (
          <li key={c.id}>
            <Link to={`/category/${c.slug}`} className={`tile tile--k${c.kind}`}>
              {c.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Home page body, shared by / and /home-{slug}. */
export function HomeView({
  categories,
  arrivals,
  sale,
  gender,
}: {
  categories: Category[];
  arrivals: ProductCard[];
  sale: ProductCard[];
  gender: number | null;
}) {
  const women = categories.filter((c) => c.gender === Gender.female);
  const men = categories.filter((c) => c.gender === Gender.male);
  return (
    <>
      <section className="hero">
        <div>
          <p className="hero__eyebrow">Новая коллекция</p>
          <h1>{gender === Gender.male ? 'Одежда для мужчин' : gender === Gender.female ? 'Одежда для женщин' : 'Одежда на каждый день'}</h1>
          <p>Самовывоз в вашем городе уже завтра или доставка курьером. Примерка при получении.</p>
        </div>
      </section>
      {women.length > 0 && <CategoryTiles title="Женщинам" categories={women} />}
      {men.length > 0 && <CategoryTiles title="Мужчинам" categories={men} />}
      <section className="section">
        <h2>Новинки</h2>
        <ProductGrid products={arrivals} eagerCount={0} />
      </section>
      <section className="section">
        <h2>Скидки</h2>
        <ProductGrid products={sale} eagerCount={0} />
      </section>
    </>
  );
}

