/**
 * The storefront's Russian texts of the site's frame and shared words (counts, dates, common labels, the header and
 * footer, the payment and delivery methods' names, stock and order states, error pages, controls, and the information
 * pages): a part of the Russian catalogue `RU` (messages.ru.ts, issue 13), which the Kazakh part `KK_SHELL`
 * (messages.shell.kk.ts) mirrors key for key.
 */
export const RU_SHELL = {
  /** Numbers with their word in the right form. */
  count: {
    goods: '{count, plural, one {# товар} few {# товара} many {# товаров} other {# товара}}',
    pieces: '{count, plural, one {# штука} few {# штуки} many {# штук} other {# штуки}}',
    models: '{count, plural, one {# модель} few {# модели} many {# моделей} other {# модели}}',
  },
  dates: {
    today: 'сегодня',
    tomorrow: 'завтра',
    either: '{a} или {b}',
  },
  common: {
    toHome: 'На главную',
    home: 'Главная',
    close: 'Закрыть',
    cancel: 'Отмена',
    free: 'бесплатно',
    total: 'Итого',
    yourCity: 'ваш город',
    size: 'Размер',
    sizeValue: 'Размер {size}',
    pcs: '{count} шт.',
    fromOtherCity: 'из другого города',
    women: 'Женщинам',
    men: 'Мужчинам',
    brands: 'Бренды',
    wishlist: 'Избранное',
    cart: 'Корзина',
    delivery: 'Доставка',
    payment: 'Оплата',
    receiving: 'Получение',
    goods: 'Товары',
    titleSuffix: '{title} — Kiim',
    /** A card's price when its sizes cost differently: the cheapest (decision 032). */
    priceFrom: 'от {price}',
  },
  header: {
    home: 'Kiim — на главную',
    menu: 'Меню',
    sections: 'Разделы',
    account: 'Кабинет',
    signIn: 'Войти',
    wishlistCount: 'Избранное, товаров: {count}',
    cartCount: 'Корзина, товаров: {count}',
    language: 'Язык',
    search: 'Поиск по каталогу',
    suggestions: 'Подсказки поиска',
    suggestProducts: 'Товары',
    suggestCategories: 'Категории',
    suggestBrands: 'Бренды',
    suggestAll: 'Все результаты по запросу «{q}»',
    suggestInStock: 'в наличии',
    searchPlaceholder: 'Поиск: джинсы, пуховик, бренд…',
    find: 'Найти',
    cityIs: 'Ваш город: {city}. Изменить',
    cityUnset: 'не выбран',
    chooseCity: 'Выберите город',
    cityHint: 'От города зависят наличие товаров, пункты самовывоза и доставка.',
    /** The chooser's search over the carrier's cities (issue 34 item 1, decision 073). */
    otherCity: 'Другой город',
    otherCityHint: 'Начните вводить название по-русски или по-казахски, хотя бы две буквы. Доставим СДЭК.',
    citySearch: 'Найти город',
    citySearching: 'Ищем…',
    cityResults:
      '{count, plural, one {Найден # город} few {Найдено # города} many {Найдено # городов} other {Найдено # города}}',
    cityNoResults: 'Такой город не найден. Пожалуйста, проверьте название.',
    cityTooShort: 'Введите хотя бы две буквы названия города.',
    cityByCarrier: 'доставка СДЭК',
    citySearchTitle: 'Выбор города',
    cityBack: 'Вернуться к покупкам',
  },
  footer: {
    shoppers: 'Покупателям',
    service: 'Служба заботы о покупателях',
    payment: 'Способы оплаты',
    about: 'Одежда для женщин и мужчин с доставкой по Казахстану.',
    bin: 'БИН',
    demo: 'Демонстрационные реквизиты: магазин ещё не указал свои.',
    prices: 'Цены указаны в тенге с учётом НДС.',
  },
  info: {
    'dostavka-i-oplata': 'Доставка и оплата',
    vozvrat: 'Обмен и возврат',
    razmer: 'Таблица размеров',
    faq: 'Вопросы и ответы',
    stores: 'Магазины и пункты выдачи',
    contact: 'Контакты',
    'dogovor-publichnoj-oferty': 'Публичная оферта',
    'politika-konfidencialnosti': 'Политика конфиденциальности',
  },
  /** Names of the payment methods by id (spec §4). */
  paymentMethod: {
    '1': 'Наличными при получении',
    '2': 'Картой при получении',
    '3': 'Картой онлайн',
  },
  /** Names of the delivery methods by id (spec §4). */
  deliveryMethod: {
    '1': 'Самовывоз',
    '2': 'Курьерская доставка',
  },
  /** Stock state labels (spec §4), by the key of `StockState`. */
  stock: {
    inStock: 'В наличии',
    otherCity: 'В другом городе',
    otherCityOnProductPage: 'Доставка из другого города',
    none: 'Нет в наличии',
    fewLeft: 'Осталось меньше 5 шт.',
    /** The carrier's period in a city only the carrier serves (decision 073). */
    carrierPeriod:
      '{min}–{max} {max, plural, one {рабочий день} few {рабочих дня} many {рабочих дней} other {рабочего дня}}',
    carrierPeriodOne:
      '{count, plural, one {# рабочий день} few {# рабочих дня} many {# рабочих дней} other {# рабочего дня}}',
    carrierDays: 'СДЭК: {period}',
    carrierTo: 'Доставка СДЭК в город {city}: {period}',
    /** A card's rating read out (issue 35 item 5): `rating` as «4,6». */
    rating:
      'Рейтинг {rating} из 5, {count, plural, one {# отзыв} few {# отзыва} many {# отзывов} other {# отзыва}}',
  },
  orderStatus: {
    new: 'Принят',
    awaiting_payment: 'Ожидает оплаты',
    paid: 'Оплачен',
    ready_for_pickup: 'Готов к выдаче',
    handed_to_courier: 'Передан курьеру',
    completed: 'Выполнен',
    cancelled: 'Отменён',
  },
  notFound: {
    title: 'Такая страница не существует...',
    text: 'Возможно, в адресе ошибка или страница была удалена. Проверьте адрес или начните с главной.',
    meta: 'Страница не найдена — Kiim',
  },
  error: {
    title: 'Что-то пошло не так',
    text: 'Мы уже разбираемся. Попробуйте обновить страницу через минуту.',
    unavailableTitle: 'Магазин на минуту недоступен',
    unavailableText:
      'Мы уже восстанавливаем работу. Обновите страницу через минуту — корзина и оформленные заказы сохранены.',
    tooManyTitle: 'Слишком много запросов',
    tooManyText: 'Слишком много запросов, попробуйте через минуту.',
  },
  ui: {
    pages: 'Страницы списка',
    prevPage: 'Предыдущая страница',
    nextPage: 'Следующая страница',
    page: 'Страница {page}',
    breadcrumbs: 'Навигация по разделам',
    loading: 'Загружаем страницу',
    back: '{title}: назад',
    forward: '{title}: вперёд',
    toWishlist: 'В избранное: {name}',
    wishlistRemove: 'Убрать из избранного',
    wishlistAdd: 'Добавить в избранное',
    zoom: 'Увеличить фото',
    zoomed: 'Фото крупно: {alt}',
  },
  /** The information pages (spec §2): the index, and the labels of the data blocks the pages place. */
  infoPage: {
    indexMeta: 'Информация для покупателей — Kiim',
    indexTitle: 'Информация для покупателей',
    indexDescription:
      'Доставка и оплата, обмен и возврат, таблица размеров, пункты выдачи, контакты, оферта и политика конфиденциальности Kiim.',
    breadcrumb: 'Информация',
    /** Shown over a page the shop has not written in the shopper's language yet (Kazakh mode, Russian text). */
    onlyRussian: 'Эта страница пока есть только на русском языке.',
    citiesCaption: 'Города, пункты выдачи и стоимость курьерской доставки',
    city: 'Город',
    pickupFree: 'Самовывоз — бесплатно',
    courierInCity: 'Курьер по городу',
    courierTerms:
      '{price}, {days, plural, =0 {в день заказа} one {за # день} few {за # дня} many {за # дней} other {за # дня}}',
    points: '{count, plural, one {# пункт} few {# пункта} many {# пунктов} other {# пункта}}',
    noCourier: 'нет',
    termsPickupLabel: 'Самовывоз:',
    termsPickup:
      'заказ, оформленный до {hour}:00 по местному времени, готов к выдаче в тот же день, позже — на следующий день.',
    termsCourierLabel: 'Курьер:',
    termsCourier:
      'заказ, оформленный до {hour}:00, привезём сегодня или завтра, позже — завтра или послезавтра.',
    termsOtherCityLabel: 'Товары со склада другого города',
    termsOtherCity: '(«{label}») — за {from}–{to} дней при любом способе получения.',
    payCash: 'в пункте выдачи или курьеру, при получении заказа.',
    payCardOnDelivery: 'Visa и Mastercard через терминал в пункте выдачи или у курьера.',
    payCardOnline: 'Visa и Mastercard на защищённой странице Halyk ePay сразу после оформления заказа.',
    payKaspi:
      'В приложении Kaspi.kz сразу после оформления заказа: по QR-коду, ссылкой на телефоне или счётом по номеру телефона.',
    seller: 'Продавец',
    legalAddress: 'Юридический адрес',
    phone: 'Телефон',
    email: 'Электронная почта',
    demoDetails:
      'Это демонстрационные реквизиты: магазин ещё не указал свои (настройки SELLER_COMPANY_NAME, SELLER_BIN, SELLER_LEGAL_ADDRESS).',
    cities: 'Города',
    pointsOnScheme: 'Пункты выдачи на схеме: {city}',
    pointN: 'Пункт {n}: {title}',
    openMap: 'Открыть на карте',
    newTab: '(в новой вкладке)',
  },
};
