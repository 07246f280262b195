import { Link } from 'react-router';
import { useT } from '../lib/text.ts';

/** The 404 screen of spec §2 with its exact heading and link. */
export function NotFound() {
  const t = useT();
  return (
    <section className="message-page" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button" to="/">
        {t('common.toHome')}
      </Link>
    </section>
  );
}
