import { Link } from 'react-router';
import { sectionsFor } from '../lib/nav.ts';
import { useMember } from './layout.tsx';
import { ScreenError } from '../components/ScreenError.tsx';

/** The back office's home: a greeting and the sections the member's role may open. */
export default function Home() {
  const me = useMember();
  const sections = sectionsFor(me).filter((s) => s.to !== '/');
  return (
    <>
      <h1>Здравствуйте, {me.name}</h1>
      {!me.twoFactorEnabled && (
        <p className="notice">
          Включите двухфакторную защиту входа: <Link to="/security">настроить</Link>.
        </p>
      )}
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
