import type { PluralForms } from './plural.ts';

/**
 * The storefront's Russian texts of forms, dialogs and counts, gathered in one catalogue keyed by area, so that a
 * second language (Kazakh) is a second object of the same shape (`Messages`) and an i18n library can take the
 * keys over later. Texts that take values are functions of them. Validation messages of fields live beside
 * their rules in the schemas (customer.schema.ts, checkout.rules.ts), which the API and the storefront share.
 */
export const RU = {
  /** Word forms after numbers (text/plural.ts). */
  count: {
    goods: { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' },
    pieces: { one: 'штука', few: 'штуки', many: 'штук', other: 'штуки' },
    models: { one: 'модель', few: 'модели', many: 'моделей', other: 'модели' },
  } satisfies Record<string, PluralForms>,
  dates: {
    today: 'сегодня',
    tomorrow: 'завтра',
    either: (a: string, b: string) => `${a} или ${b}`,
  },
  form: {
    /** Above a form the server refused for its fields. */
    checkFields: 'Проверьте поля, отмеченные красным.',
    unknownAction: 'Неизвестное действие. Обновите страницу и попробуйте ещё раз',
    showPassword: 'Показать пароль',
    hidePassword: 'Скрыть пароль',
    passwordRule: 'Пароль: не короче 8 символов, хотя бы одна буква и одна цифра.',
  },
  signIn: {
    title: {
      signIn: 'Вход в Kiim',
      password: 'Вход по паролю',
      register: 'Регистрация',
      recover: 'Восстановление пароля',
    },
    mobile: 'Номер телефона',
    mobilePlaceholder: '+7 7__ ___ __ __',
    code: 'Код из SMS',
    password: 'Пароль',
    name: 'Имя',
    surnameOptional: 'Фамилия (необязательно)',
    passwordOptional: 'Пароль (необязательно)',
    passwordOptionalHint: 'Чтобы входить без SMS: не короче 8 символов, хотя бы одна буква и одна цифра.',
    newPassword: 'Новый пароль',
    repeatPassword: 'Повторите пароль',
    phoneIntro: 'Введите номер мобильного телефона — мы пришлём SMS с кодом для входа.',
    recoverIntro: 'Мы пришлём SMS с кодом на номер, к которому привязан аккаунт.',
    newPasswordIntro:
      'Вы вошли в аккаунт. Придумайте новый пароль: не короче 8 символов, хотя бы одна буква и одна цифра.',
    sentTo: 'Мы отправили код на номер',
    codeLifetime: 'Он действует 5 минут.',
    changeNumber: 'Изменить номер',
    getCode: 'Получить код',
    signIn: 'Войти',
    register: 'Зарегистрироваться',
    continue: 'Продолжить',
    savePassword: 'Сохранить пароль',
    byPassword: 'Войти по паролю',
    byCode: 'Войти по коду из SMS',
    forgotPassword: 'Забыли пароль?',
    rememberedPassword: 'Вспомнили пароль? Войти',
    haveAccount: 'Уже есть аккаунт? Войти',
    consentBefore: 'Нажимая «Получить код», вы соглашаетесь с',
    offer: 'публичной офертой',
    consentAnd: 'и',
    privacy: 'политикой конфиденциальности',
    resend: 'Отправить код ещё раз',
    resendIn: (mmss: string) => `Отправить код повторно через ${mmss}`,
  },
  profile: {
    title: 'Профиль',
    phone: 'Телефон',
    personal: 'Личные данные',
    name: 'Имя',
    surname: 'Фамилия',
    email: 'Электронная почта',
    birthDate: 'Дата рождения',
    gender: 'Пол',
    female: 'Женский',
    male: 'Мужской',
    genderUnset: 'Не указан',
    language: 'Язык SMS и писем о заказах',
    languageRu: 'Русский',
    languageKk: 'Қазақша',
    save: 'Сохранить',
    saved: 'Данные сохранены',
    setPassword: 'Задать пароль',
    changePassword: 'Изменить пароль',
    changeNote: 'После смены пароля на других устройствах нужно будет войти заново.',
    setNote: 'С паролем можно входить без SMS.',
    currentPassword: 'Текущий пароль',
    currentPasswordHint: 'Не нужен, если вы вошли по коду из SMS за последние 15 минут.',
    newPassword: 'Новый пароль',
    repeatPassword: 'Повторите новый пароль',
    passwordSaved: 'Пароль сохранён',
  },
  checkout: {
    street: 'Улица или микрорайон',
    building: 'Дом',
    entrance: 'Подъезд',
    floor: 'Этаж',
    flat: 'Квартира или офис',
    otherRecipient: 'Получатель другой человек',
    contactName: 'Имя получателя',
    contactPhone: 'Мобильный телефон получателя',
    contactPhonePlaceholder: '+7 701 234 56 78',
    courierCalls: (phone: string) => `Курьер позвонит вам перед приездом на номер ${phone}.`,
    email: 'Электронная почта (необязательно) — пришлём чек и статус заказа',
    comment: 'Комментарий к заказу',
    stockChanged:
      'Пока вы оформляли заказ, некоторых товаров стало меньше. Заказ не оформлен — проверьте список и попробуйте ещё раз.',
    alreadyPlaced: 'Этот заказ уже оформлен. Посмотрите его в разделе «Мои заказы».',
  },
};

/** The shape every language's catalogue has (the Russian one is the reference). */
export type Messages = typeof RU;
