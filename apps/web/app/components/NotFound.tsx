import { Link } from 'react-router';

/** The 404 screen of spec §2 with its exact heading and link. */
export function NotFound() {
  return (
    <section className="message-page" data-testid="not-found">
      <h1>Такая страница не существует...</h1>
      <p>Возможно, в адресе ошибка или страница была удалена. Проверьте адрес или начните с главной.</p>
      <Link className="button" to="/">
        На главную
      </Link>
    </section>
  );
}
