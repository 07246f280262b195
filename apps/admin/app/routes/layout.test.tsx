// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMe } from '@kiim/contract';
import { ROLE_PERMISSIONS, type StaffRole } from '@kiim/contract/staff-permissions';
import AdminLayout, { ErrorBoundary as LayoutError, clientLoader as layoutLoader } from './layout.tsx';
import Staff, { ErrorBoundary as StaffError, clientLoader as staffLoader } from './staff.tsx';
import { browserFormData, ok, refusal, stubApi } from '../test/stub-api.testing.ts';

// The back office's frame (decision 014): without a session a screen sends to sign-in and back; while two-factor
// must still be set up only «Безопасность» is open; each role sees the sections it may open, and a screen the API
// refuses (403) says «Нет доступа» inside the frame.

const me = (role: StaffRole): StaffMe => ({
  id: '00000000-0000-4000-8000-00000000000a',
  email: 'staff@kiim.kz',
  name: 'Ерлан',
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  twoFactorEnabled: true,
  twoFactorRequired: true,
  recoveryCodesLeft: 10,
});

/** Renders the layout at `at` with the staff screen inside, and stand-ins of sign-in and security. */
function renderAt(at: string) {
  const Stub = createRoutesStub([
    {
      id: 'routes/layout',
      path: '/',
      Component: AdminLayout as never,
      loader: layoutLoader as never,
      ErrorBoundary: LayoutError,
      HydrateFallback: () => null,
      children: [
        { path: 'staff', Component: Staff as never, loader: staffLoader as never, ErrorBoundary: StaffError },
        { path: 'security', Component: () => <p>Настройка второго фактора</p> },
        { path: 'orders', Component: () => <p>Список заказов</p> },
      ],
    },
    { path: '/sign-in', Component: () => <p>Вход в панель{useLocation().search}</p> },
  ]);
  render(<Stub initialEntries={[at]} />);
}

const sections = async () =>
  within(await screen.findByRole('navigation', { name: 'Разделы' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(browserFormData);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the back office’s frame', () => {
  it('sends a visitor without a session to sign-in, to come back to the screen after', async () => {
    stubApi({
      'GET /session': refusal(401, 401, 'Войдите в панель управления'),
      'GET /staff': refusal(401, 401, 'Войдите в панель управления'),
    });
    renderAt('/staff?tab=team');
    expect(await screen.findByText('Вход в панель?next=%2Fstaff%3Ftab%3Dteam')).toBeTruthy();
  });

  it('while two-factor is not set up, opens only «Безопасность» and sends there', async () => {
    stubApi({ 'GET /session': ok({ stage: 'enrolment', staff: me('owner') }) });
    renderAt('/orders');
    expect(await screen.findByText('Настройка второго фактора')).toBeTruthy();
    expect(await sections()).toEqual(['Безопасность']);
  });

  it('shows the warehouse only its sections', async () => {
    stubApi({ 'GET /session': ok({ stage: 'signed_in', staff: me('warehouse') }) });
    renderAt('/orders');
    expect(await screen.findByText('Список заказов')).toBeTruthy();
    expect(await sections()).toEqual([
      'Главная',
      'Заказы',
      'Отправления',
      'Остатки',
      'Загрузка из файла',
      'Безопасность',
    ]);
  });

  it('says «Нет доступа» inside the frame when the API refuses a screen to the role', async () => {
    stubApi({
      'GET /session': ok({ stage: 'signed_in', staff: me('catalogue') }),
      'GET /staff': refusal(403, 403, 'Нет права staff.manage'),
    });
    renderAt('/staff');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Нет доступа');
    expect(await sections()).toContain('Каталог');
  });
});
