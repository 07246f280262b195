/**
 * Shopper-facing texts of carrier delivery, Russian and Kazakh (issue 34: «Доставка транспортной компанией
 * сейчас недоступна…» when the carrier fails; the shop's own methods keep working).
 */
export const CARRIER_UNAVAILABLE = {
  ru: 'Доставка транспортной компанией сейчас недоступна. Выберите самовывоз или курьера магазина либо попробуйте позже.',
  kk: 'Көлік компаниясымен жеткізу қазір қолжетімсіз. Дүкеннің өзінен алып кетуді немесе курьерін таңдаңыз не кейінірек қайталап көріңіз.',
} as const;
