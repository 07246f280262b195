import type { Catalogue } from './i18n.ts';
import type { RU_CARRIER } from './messages.carrier.ru.ts';

/**
 * The storefront's Kazakh texts of delivery by carrier (CDEK, issue 34): the same keys as `RU_CARRIER`
 * (messages.carrier.ru.ts), checked by `Catalogue`; a part of the Kazakh catalogue `KK` (messages.kk.ts).
 */
export const KK_CARRIER = {
  /** Delivery by carrier (CDEK, issue 34): checkout, the cart of a carrier city, the order's parcel. */
  carrier: {
    pickupMethod: 'СДЭК беру пункті немесе постаматы',
    doorMethod: 'СДЭК курьері есікке дейін',
    kindPoint: 'СДЭК беру пункті',
    kindLocker: 'СДЭК постаматы',
    from: '{price} бастап',
    period: '{min}–{max} жұмыс күні',
    periodOne: '{count} жұмыс күні',
    pickupPanel: 'СДЭК беру пункті немесе постаматы',
    doorPanel: 'СДЭК курьеріне арналған мекенжай',
    doorNote: 'СДЭК курьері тапсырысты осы мекенжайға жеткізеді және келер алдында қоңырау шалады.',
    fromWarehouse: 'Басқа қаладағы қоймадан СДЭК арқылы жібереміз',
    fromWarehouseNote:
      'Бүкіл тапсырыс бір сәлемдемемен келеді. Жеткізу құны мен мерзімі әр беру пунктінің және курьердің жанында көрсетілген.',
    unavailable: 'СДЭК арқылы жеткізу қазір қолжетімсіз',
    priceChanged:
      'Сіз тапсырысты рәсімдеп жатқанда СДЭК жеткізу құны өзгерді. Бағаларды жаңарттық — оларды тексеріп, тапсырысты қайта растаңыз.',
    notAnswering: 'СДЭК қазір жауап бермей тұр. Тапсырысты бірнеше минуттан кейін қайта рәсімдеп көріңіз.',
    cartTitle: 'Басқа қаладан СДЭК арқылы жеткіземіз',
    cartNote:
      'Бұл тауарлар сіздің қалаңызда жоқ, бірақ басқа қаладағы қоймамызда бар. Оларды СДЭК арқылы бір сәлемдемемен жібереміз — беру пунктіне, постаматқа немесе курьермен есікке дейін: {price}, {period}. Нақты құнын рәсімдеу кезінде көрсетеміз.',
    lineDelivery: 'Басқа қаладан СДЭК арқылы жеткізу',
    cartCount: 'СДЭК арқылы жібереміз',
    title: 'СДЭК арқылы жеткізу',
    track: 'СДЭК трек-нөмірі:',
    trackLater: 'Тапсырысты СДЭК-ке бергенде трек-нөмір осында пайда болады.',
    where: 'Сәлемдеме қайда',
    thankyou: 'СДЭК жеткізеді: {kind}. Сәлемдемені СДЭК-ке бергенде трек-нөмір тапсырыста пайда болады.',
  },
  /** A carrier parcel's states (contract SHIPMENT_STATES), as the shopper reads them on the order page. */
  shipment: {
    registering: 'Рәсімделуде',
    invalid: 'Рәсімдеу қатесі — сізбен хабарласамыз',
    registered: 'СДЭК-ке берілуде',
    handed_to_carrier: 'СДЭК қабылдады',
    in_transit: 'Жолда',
    at_pickup_point: 'Беру пунктінде күтіп тұр',
    out_for_delivery: 'Курьерге берілді',
    delivered: 'Жеткізілді',
    not_delivered: 'Табысталмады',
    returned: 'Дүкенге қайтарылды',
    cancelled: 'Бас тартылды',
  },
} satisfies Catalogue<typeof RU_CARRIER>;
