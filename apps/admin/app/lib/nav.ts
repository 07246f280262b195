import type { Permission, StaffMe } from '@kiim/contract';

/**
 * The back office's sections, each behind the permission of its screen (the matrix of `@kiim/contract`
 * staff.permissions.ts, which the API enforces). A member sees only what their role may open. Sections of the next
 * phase are listed with `ready: false` and appear once their screen exists.
 */
export interface Section {
  to: string;
  label: string;
  permission: Permission | null;
  ready: boolean;
  /** One line on the home page. */
  about: string;
}

export const SECTIONS: readonly Section[] = [
  { to: '/', label: 'Главная', permission: null, ready: true, about: '' },
  {
    to: '/orders',
    label: 'Заказы',
    permission: 'orders.read',
    ready: true,
    about: 'Сборка, выдача и доставка заказов',
  },
  {
    to: '/shipments',
    label: 'Отправления',
    permission: 'orders.read',
    ready: true,
    about: 'Посылки СДЭК: состояние, трек-номер и ошибки',
  },
  {
    to: '/notifications',
    label: 'Уведомления',
    permission: 'notifications.manage',
    ready: true,
    about: 'SMS и письма покупателям, которые не удалось отправить',
  },
  {
    to: '/receipts',
    label: 'Чеки',
    permission: 'fiscal.read',
    ready: true,
    about: 'Фискальные чеки продаж и возвратов, смена кассы',
  },
  {
    to: '/customers',
    label: 'Покупатели',
    permission: 'customers.read',
    ready: true,
    about: 'Профили, заказы и блокировка',
  },
  {
    to: '/reviews',
    label: 'Отзывы и вопросы',
    permission: 'reviews.moderate',
    ready: true,
    about: 'Модерация и ответы',
  },
  {
    to: '/content',
    label: 'Страницы',
    permission: 'content.edit',
    ready: true,
    about: 'Информационные страницы магазина',
  },
  {
    to: '/catalogue',
    label: 'Каталог',
    permission: 'catalogue.edit',
    ready: true,
    about: 'Товары, цены, размеры и фотографии',
  },
  {
    to: '/stock',
    label: 'Остатки',
    permission: 'stock.edit',
    ready: true,
    about: 'Заканчивающиеся размеры и история движения товара',
  },
  {
    to: '/catalogue/import',
    label: 'Загрузка из файла',
    permission: 'stock.edit',
    ready: true,
    about: 'Остатки и цены из CSV и выгрузка каталога',
  },
  {
    to: '/kaspi',
    label: 'Kaspi',
    permission: 'catalogue.edit',
    ready: true,
    about: 'Прайс-лист для Kaspi Магазина: товары, склады, города и резерв',
  },
  {
    to: '/shipping',
    label: 'Доставка СДЭК',
    permission: 'shipping.manage',
    ready: true,
    about: 'Коды городов в СДЭК и где предлагать доставку СДЭК',
  },
  {
    to: '/staff',
    label: 'Сотрудники',
    permission: 'staff.manage',
    ready: true,
    about: 'Приглашения, роли и доступ сотрудников',
  },
  {
    to: '/api-keys',
    label: 'Ключи API',
    permission: 'apikeys.manage',
    ready: true,
    about: 'Доступ для ERP и обмена с 1С',
  },
  {
    to: '/audit',
    label: 'Журнал действий',
    permission: 'audit.read',
    ready: true,
    about: 'Кто, когда и что изменил',
  },
  {
    to: '/system',
    label: 'Система',
    permission: 'settings.manage',
    ready: true,
    about: 'Очереди фоновой работы и периодические задачи',
  },
];

/** Whether the member's role has the permission. */
export const can = (me: Pick<StaffMe, 'permissions'>, permission: Permission | null) =>
  permission === null || me.permissions.includes(permission);

/** The sections the member may open, in navigation order. */
export const sectionsFor = (me: Pick<StaffMe, 'permissions'>) =>
  SECTIONS.filter((s) => s.ready && can(me, s.permission));
