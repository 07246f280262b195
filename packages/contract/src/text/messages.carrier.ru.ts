/**
 * The storefront's Russian texts of delivery by carrier (CDEK, issue 34): checkout, the cart of a carrier city, the
 * order's parcel and its states; a part of the Russian catalogue `RU` (messages.ru.ts).
 */
export const RU_CARRIER = {
  /** Delivery by carrier (CDEK, issue 34): checkout, the cart of a carrier city, the order's parcel. */
  carrier: {
    pickupMethod: 'Пункт выдачи или постамат СДЭК',
    doorMethod: 'Курьер СДЭК до двери',
    kindPoint: 'Пункт выдачи СДЭК',
    kindLocker: 'Постамат СДЭК',
    from: 'от {price}',
    period:
      '{min}–{max} {max, plural, one {рабочего дня} few {рабочих дня} many {рабочих дней} other {рабочего дня}}',
    periodOne:
      '{count, plural, one {# рабочий день} few {# рабочих дня} many {# рабочих дней} other {# рабочего дня}}',
    pickupPanel: 'Пункт выдачи или постамат СДЭК',
    doorPanel: 'Адрес для курьера СДЭК',
    doorNote: 'Курьер СДЭК привезёт заказ по этому адресу и позвонит перед приездом.',
    fromWarehouse: 'Отправим СДЭК со склада в другом городе',
    fromWarehouseNote:
      'Весь заказ приедет одной посылкой. Стоимость и срок доставки указаны у каждого пункта выдачи и у курьера.',
    unavailable: 'Доставка СДЭК сейчас недоступна',
    priceChanged:
      'Пока вы оформляли заказ, стоимость доставки СДЭК изменилась. Мы обновили цены — пожалуйста, проверьте их и подтвердите заказ ещё раз.',
    notAnswering: 'СДЭК сейчас не отвечает. Пожалуйста, попробуйте оформить заказ через несколько минут.',
    cartTitle: 'Доставим СДЭК из другого города',
    cartNote:
      'Этих товаров нет в вашем городе, но они есть на нашем складе в другом городе. Отправим их СДЭК одной посылкой — в пункт выдачи, постамат или курьером до двери: {price}, {period}. Точную стоимость покажем при оформлении.',
    lineDelivery: 'Доставка СДЭК из другого города',
    /** The cart summary's count in a carrier city (decision 073): the units sent by CDEK. */
    cartCount: 'Отправим СДЭК',
    title: 'Доставка СДЭК',
    track: 'Трек-номер СДЭК:',
    trackLater: 'Трек-номер появится, когда мы передадим заказ в СДЭК.',
    where: 'Где посылка',
    thankyou: 'Доставит СДЭК: {kind}. Трек-номер появится в заказе, когда мы передадим посылку в СДЭК.',
  },
  /** A carrier parcel's states (contract SHIPMENT_STATES), as the shopper reads them on the order page. */
  shipment: {
    registering: 'Оформляется',
    invalid: 'Ошибка оформления — мы свяжемся с вами',
    registered: 'Передаётся в СДЭК',
    handed_to_carrier: 'Принят СДЭК',
    in_transit: 'В пути',
    at_pickup_point: 'Ждёт в пункте выдачи',
    out_for_delivery: 'Передан курьеру',
    delivered: 'Доставлен',
    not_delivered: 'Не вручён',
    returned: 'Возвращён в магазин',
    cancelled: 'Отменён',
  },
};
