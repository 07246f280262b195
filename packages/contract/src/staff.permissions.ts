/**
 * Staff roles and what each may do (issue 15): the one table of code that the API's `requirePermission` checks and
 * the back office's navigation reads. zod-free (`@kiim/contract/staff-permissions`), so browser code may import it.
 *
 * A permission names an area and an action (`orders.cancel`); a route declares exactly one. Adding a permission:
 * add it to {@link PERMISSIONS} with its Russian description and give it to the roles that need it below; the
 * permission-matrix test (apps/api/src/modules/staff/staff.permissions.test.ts) then walks it on every route.
 */

/** Every permission of the back office, with what it allows (shown to the owner on the staff screen). */
export const PERMISSIONS = {
  'orders.read': 'Видеть заказы и их историю',
  'orders.update': 'Вести заказ: подтвердить, собрать, готов к выдаче, передан курьеру, выполнен; заметки',
  'orders.handover': 'Выдать заказ в пункте, в том числе с частичным отказом',
  'orders.cancel': 'Отменить заказ с возвратом товара на склад и денег на карту',
  'customers.read': 'Видеть покупателей, их заказы и отзывы',
  'customers.block': 'Заблокировать покупателя',
  'reviews.moderate': 'Модерировать отзывы и вопросы, отвечать на вопросы',
  'content.edit': 'Редактировать информационные страницы',
  'notifications.manage': 'Видеть неотправленные SMS и письма покупателям и отправлять их повторно',
  'catalogue.edit': 'Товары, цены, категории, бренды, баннеры, пункты самовывоза и города',
  'stock.edit': 'Исправлять остатки на складе',
  'staff.manage': 'Приглашать сотрудников, менять роли, отключать доступ',
  'apikeys.manage': 'Создавать и отзывать ключи API для интеграций',
  'audit.read': 'Просматривать журнал действий',
  'settings.manage': 'Настройки магазина',
  'fiscal.read': 'Видеть чеки кассы и смену',
  'fiscal.manage': 'Повторять отправку чеков и закрывать смену кассы',
  'shipping.manage': 'Настройки доставки СДЭК: коды городов и где её предлагать',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** The roles of staff accounts, in the order the back office lists them. */
export const STAFF_ROLES = ['owner', 'manager', 'catalogue', 'warehouse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Role names as staff see them. */
export const ROLE_NAME: Record<StaffRole, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  catalogue: 'Каталог',
  warehouse: 'Склад',
};

/**
 * The permission matrix (issue 15): owner — everything, staff and settings; manager — orders, customers, reviews
 * and questions, content, customers' notifications that did not go out (issue 13), fiscal receipts to read
 * (issue 32: retries and Z-reports are the owner's), carrier settings (issue 34, decision 070); catalogue —
 * products, prices, stock, banners, pickup points, cities; warehouse — orders (picking, ready for pickup, handed to
 * courier, handover at the desk) and stock corrections.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSION_NAMES,
  manager: [
    'orders.read',
    'orders.update',
    'orders.handover',
    'orders.cancel',
    'customers.read',
    'customers.block',
    'reviews.moderate',
    'content.edit',
    'notifications.manage',
    'fiscal.read',
    'shipping.manage',
  ],
  catalogue: ['catalogue.edit', 'stock.edit'],
  warehouse: ['orders.read', 'orders.update', 'orders.handover', 'stock.edit'],
};

/** Whether a member of `role` may do what `permission` allows. */
export const roleCan = (role: StaffRole, permission: Permission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/**
 * Scopes of API keys for integrations (the ERP, the 1C exchange): what a key may call. A key has one or more;
 * each integration route requires one.
 */
export const API_KEY_SCOPES = {
  'orders.status': 'Менять статус заказа (ERP): POST /api/backoffice/orders/{number}/status',
  'catalogue.import': 'Загружать каталог и остатки (обмен с 1С)',
} as const;
export type ApiKeyScope = keyof typeof API_KEY_SCOPES;
export const API_KEY_SCOPE_NAMES = Object.keys(API_KEY_SCOPES) as ApiKeyScope[];
