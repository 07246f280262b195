/** Russian names of audit actions and entity types, for the audit screen (the code is shown beside an unknown one). */
export const ACTION_NAME: Record<string, string> = {
  'staff.owner_created': 'Создан владелец',
  'staff.signed_in': 'Вход',
  'staff.signed_out_everywhere': 'Выход на всех устройствах',
  'staff.password_changed': 'Смена пароля',
  'staff.two_factor_enabled': 'Включена двухфакторная защита',
  'staff.two_factor_disabled': 'Отключена двухфакторная защита',
  'staff.two_factor_reset': 'Сброшена двухфакторная защита',
  'staff.recovery_codes_renewed': 'Новые резервные коды',
  'staff.invited': 'Приглашение',
  'staff.invitation_revoked': 'Приглашение отозвано',
  'staff.invitation_accepted': 'Приглашение принято',
  'staff.role_changed': 'Смена роли',
  'staff.deactivated': 'Доступ отключён',
  'staff.activated': 'Доступ возвращён',
  'apikey.created': 'Создан ключ API',
  'apikey.revoked': 'Ключ API отозван',
  'order.status_changed': 'Смена статуса заказа',
  'order.confirmed': 'Заказ подтверждён',
  'order.picked': 'Заказ собран',
  'order.note_changed': 'Заметка к заказу',
  'order.handed_over': 'Заказ выдан',
  'content.page_saved': 'Страница сохранена',
  'customer.blocked': 'Покупатель заблокирован',
  'customer.unblocked': 'Покупатель разблокирован',
  'review.published': 'Отзыв опубликован',
  'review.rejected': 'Отзыв отклонён',
  'question.published': 'Вопрос опубликован',
  'question.rejected': 'Вопрос отклонён',
  'question.answered': 'Ответ на вопрос',
};

export const ENTITY_NAME: Record<string, string> = {
  staff_member: 'Сотрудник',
  staff_invitation: 'Приглашение',
  api_key: 'Ключ API',
  order: 'Заказ',
  content_page: 'Страница',
  customer: 'Покупатель',
  review: 'Отзыв',
  question: 'Вопрос',
};

export const named = (names: Record<string, string>, code: string) =>
  names[code] ? `${names[code]} (${code})` : code;
