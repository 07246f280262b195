import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, type StaffRole } from '@kiim/contract/staff-permissions';
import { SECTIONS, sectionsFor } from './nav.ts';
import { nextPath } from './session.ts';

const labels = (role: StaffRole) =>
  sectionsFor({ permissions: [...ROLE_PERMISSIONS[role]] }).map((s) => s.label);

describe('the navigation by role', () => {
  it('shows each role only the built sections its permissions open', () => {
    expect(labels('owner')).toEqual([
      'Главная',
      'Заказы',
      'Отправления',
      'Уведомления',
      'Чеки',
      'Покупатели',
      'Отзывы и вопросы',
      'Страницы',
      'Каталог',
      'Остатки',
      'Загрузка из файла',
      'Kaspi',
      'Доставка СДЭК',
      'Сотрудники',
      'Ключи API',
      'Журнал действий',
      'Система',
    ]);
    expect(labels('manager')).toEqual([
      'Главная',
      'Заказы',
      'Отправления',
      'Уведомления',
      'Чеки',
      'Покупатели',
      'Отзывы и вопросы',
      'Страницы',
      'Доставка СДЭК',
    ]);
    expect(labels('warehouse')).toEqual(['Главная', 'Заказы', 'Отправления', 'Остатки', 'Загрузка из файла']);
    expect(labels('catalogue')).toEqual(['Главная', 'Каталог', 'Остатки', 'Загрузка из файла', 'Kaspi']);
  });

  it('names a permission of the matrix for every section but the home page', () => {
    for (const s of SECTIONS.filter((s) => s.to !== '/')) {
      expect(ROLE_PERMISSIONS.owner, s.label).toContain(s.permission);
    }
  });

  it('opens the next phase’s sections to the roles of the issue once they are built', () => {
    const byRole = (role: StaffRole) =>
      SECTIONS.filter((s) => s.permission && ROLE_PERMISSIONS[role].includes(s.permission)).map((s) => s.to);
    expect(byRole('warehouse')).toEqual(['/orders', '/shipments', '/stock', '/catalogue/import']);
    expect(byRole('manager')).toEqual([
      '/orders',
      '/shipments',
      '/notifications',
      '/receipts',
      '/customers',
      '/reviews',
      '/content',
      '/shipping',
    ]);
    expect(byRole('catalogue')).toEqual(['/catalogue', '/stock', '/catalogue/import', '/kaspi']);
  });
});

describe('the address after signing in', () => {
  it('goes back to a page of the back office, never elsewhere', () => {
    const at = (next: string) =>
      nextPath(new Request(`http://shop.kz/admin/sign-in?next=${encodeURIComponent(next)}`));
    expect(at('/staff?x=1')).toBe('/staff?x=1');
    expect(at('//evil.example/admin')).toBe('/');
    expect(at('https://evil.example')).toBe('/');
    expect(nextPath(new Request('http://shop.kz/admin/sign-in'))).toBe('/');
  });
});
