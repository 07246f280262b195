/**
 * Shopper-facing texts of carrier delivery, Russian and Kazakh (issue 34: «Доставка транспортной компанией
 * сейчас недоступна…» when the carrier fails; the shop's own methods keep working).
 */
export const CARRIER_UNAVAILABLE = {
  ru: 'Доставка транспортной компанией сейчас недоступна. Выберите самовывоз или курьера магазина либо попробуйте позже.',
  kk: 'Көлік компаниясымен жеткізу қазір қолжетімсіз. Дүкеннің өзінен алып кетуді немесе курьерін таңдаңыз не кейінірек қайталап көріңіз.',
} as const;

/** A carrier city the carrier does not confirm (decision 073): the shopper is asked to search again. */
export const CITY_NOT_FOUND_BY_CARRIER = {
  ru: 'Не удалось найти этот город у службы доставки. Пожалуйста, найдите его заново.',
  kk: 'Бұл қала жеткізу қызметінен табылмады. Оны қайта іздеп көріңіз.',
} as const;
