import { NavLink, Outlet, useLoaderData, useNavigate, useRouteLoaderData } from 'react-router';
import { ROLE_NAME } from '@kiim/contract/staff-permissions';
import type { Route } from './+types/layout';
import { adminApi } from '../lib/api.ts';
import { sectionsFor } from '../lib/nav.ts';
import { requireMember } from '../lib/session.ts';
import { ScreenError } from '../components/ScreenError.tsx';

/** Every screen inside needs a session (see requireMember); the member drives the navigation. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return requireMember(request);
}

/** The signed-in member, for screens inside the layout. */
export function useMember() {
  return (useRouteLoaderData('routes/layout') as Awaited<ReturnType<typeof clientLoader>>).me;
}

/** The frame of the back office: the shop's name, the member and sign-out, the sections their role may open. */
export default function AdminLayout() {
  const { me, stage } = useLoaderData<typeof clientLoader>();
  const navigate = useNavigate();
  const signOut = async () => {
    await adminApi('POST', '/session/sign-out').catch(() => undefined);
    await navigate('/sign-in');
  };
  const sections = stage === 'enrolment' ? [] : sectionsFor(me);
  return (
    <div className="shell">
      <header className="topbar">
        <a className="brand" href="/admin/">
          Kiim <span>панель управления</span>
        </a>
        <div className="who">
          <NavLink to="/security" className="who-name">
            {me.name} · {ROLE_NAME[me.role]}
          </NavLink>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Выйти
          </button>
        </div>
      </header>
      <nav className="sections" aria-label="Разделы">
        {sections.map((s) => (
          <NavLink key={s.to} to={s.to} end={s.to === '/'}>
            {s.label}
          </NavLink>
        ))}
        <NavLink to="/security">Безопасность</NavLink>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <ScreenError />;
}
