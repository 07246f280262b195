import type { Catalogue } from './i18n.ts';
import { KK_SHELL } from './messages.shell.kk.ts';
import { KK_CATALOGUE } from './messages.catalogue.kk.ts';
import { KK_ORDER } from './messages.order.kk.ts';
import { KK_ACCOUNT } from './messages.account.kk.ts';
import { KK_CARRIER } from './messages.carrier.kk.ts';

/**
 * The storefront's Kazakh texts (issue 13): the same keys as the Russian catalogue (messages.ru.ts), written with
 * the Kazakh letters ә ғ қ ң ө ұ ү һ і. Kazakh nouns do not change after numbers, so plurals have `other` only.
 * Kept in the same parts as the Russian one (messages.{shell,catalogue,order,account}.kk.ts), each checked against
 * its Russian part.
 */
export const KK = {
  ...KK_SHELL,
  ...KK_CATALOGUE,
  ...KK_ORDER,
  ...KK_ACCOUNT,
  ...KK_CARRIER,
} satisfies Catalogue;

/**
 * Kazakh for texts the API and the shared schemas give in Russian (field errors, refusals), keyed by the Russian
 * text: the page shows the Kazakh one, or the Russian text when it has none here.
 */
export const KK_SOURCE_TEXTS: Record<string, string> = {
  'Пароли не совпадают': 'Құпиясөздер сәйкес келмейді',
  'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и одну цифру':
    'Құпиясөз кемінде 8 таңбадан тұруы және кемінде бір әріп пен бір цифрдан тұруы керек',
  'Адрес почты должен быть не длиннее 254 символов': 'Пошта мекенжайы 254 таңбадан аспауы керек',
  'Введите код из SMS': 'SMS-тегі кодты енгізіңіз',
  'Введите пароль': 'Құпиясөзді енгізіңіз',
  'Выберите город': 'Қаланы таңдаңыз',
  'Выберите пункт самовывоза': 'Алып кету пунктін таңдаңыз',
  'Выберите способ доставки': 'Жеткізу тәсілін таңдаңыз',
  'Выберите способ оплаты': 'Төлем тәсілін таңдаңыз',
  'Дата рождения в формате ГГГГ-ММ-ДД': 'Туған күні ЖЖЖЖ-АА-КК пішімінде',
  'Имя должно быть не длиннее 50 символов': 'Аты 50 таңбадан аспауы керек',
  'Имя может содержать только буквы, пробел, дефис и апостроф':
    'Атында тек әріптер, бос орын, дефис және апостроф болуы мүмкін',
  'Код состоит из 6 цифр': 'Код 6 цифрдан тұрады',
  'Нет данных для сохранения': 'Сақтайтын деректер жоқ',
  'Обязательное поле': 'Міндетті өріс',
  'Пароль должен быть не длиннее 128 символов': 'Құпиясөз 128 таңбадан аспауы керек',
  'Придумайте пароль': 'Құпиясөз ойлап табыңыз',
  'Слишком длинный номер телефона': 'Телефон нөмірі тым ұзын',
  'Укажите адрес почты в виде name@example.kz': 'Пошта мекенжайын name@example.kz түрінде көрсетіңіз',
  'Укажите дату рождения': 'Туған күніңізді көрсетіңіз',
  'Укажите имя': 'Атыңызды көрсетіңіз',
  'Укажите настоящую дату рождения': 'Нақты туған күніңізді көрсетіңіз',
  'Укажите номер телефона': 'Телефон нөмірін көрсетіңіз',
  'Укажите фамилию': 'Тегіңізді көрсетіңіз',
  'Укажите электронную почту': 'Электрондық поштаны көрсетіңіз',
  'Фамилия должна быть не длиннее 50 символов': 'Тегі 50 таңбадан аспауы керек',
  'Фамилия может содержать только буквы, пробел, дефис и апостроф':
    'Тегінде тек әріптер, бос орын, дефис және апостроф болуы мүмкін',
};
