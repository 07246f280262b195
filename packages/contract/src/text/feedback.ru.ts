import type { ModerationStatus, ReviewFit } from '../enums.ts';
import type { PluralForms } from './plural.ts';

/**
 * The storefront's Russian texts of reviews and questions (issue 10): the product page's blocks, the review
 * modal, the ask form and the account's `/personal/content/{type}` pages. A catalogue of its own beside `RU`
 * (messages.ru.ts); a Kazakh catalogue is a second object of the same shape (`FeedbackMessages`). Plain data (a
 * `{name}` in a text is filled by `fillIn`, plural.ts): the pages' loaders send their language's catalogue, so no
 * script carries either.
 */
export const RU_FEEDBACK = {
  count: {
    reviews: { one: 'отзыв', few: 'отзыва', many: 'отзывов', other: 'отзыва' },
    questions: { one: 'вопрос', few: 'вопроса', many: 'вопросов', other: 'вопроса' },
  } satisfies Record<string, PluralForms>,
  /** Names of the 1–5 stars, for screen readers and the form. */
  stars: ['Ужасно', 'Плохо', 'Нормально', 'Хорошо', 'Отлично'],
  ratingOutOf5: 'Оценка {rating} из 5',
  fit: {
    small: 'Маломерит',
    true_to_size: 'Соответствует размеру',
    large: 'Большемерит',
  } satisfies Record<ReviewFit, string>,
  status: {
    pending: 'На проверке',
    published: 'Опубликован',
    rejected: 'Отклонён',
  } satisfies Record<ModerationStatus, string>,
  statusNote: {
    pending: 'Модератор проверит его в течение одного рабочего дня.',
    published: 'Его видят все покупатели на странице товара.',
    rejected: 'Он не прошёл проверку и не показан на сайте.',
  } satisfies Record<ModerationStatus, string>,
  reviews: {
    title: 'Отзывы',
    averageTitle: 'Средняя оценка',
    none: 'Отзывов об этом товаре пока нет. Купили его? Оценить покупку можно в разделе «Выполненные заказы».',
    fitTitle: 'Как сидит',
    photoOf: 'Фото покупателя {n}, открыть крупно',
    fitAnswers: 'ответов: {n}',
    sortLabel: 'Порядок отзывов',
    sortNewest: 'Сначала новые',
    sortUseful: 'Сначала полезные',
    verified: 'Покупка подтверждена',
    helpful: 'Отзыв полезен',
    helpfulThanks: 'Спасибо, ваша оценка учтена',
    signInToVote: 'Войдите, чтобы отметить отзыв полезным',
    loading: 'Загружаем отзывы и вопросы…',
    failed: 'Не удалось загрузить отзывы. Обновите страницу через минуту.',
  },
  questions: {
    title: 'Вопросы о товаре',
    none: 'Вопросов пока нет. Спросите — мы ответим в течение одного рабочего дня.',
    answerPending: 'Мы готовим ответ.',
    shopAnswer: 'Ответ магазина',
    askTitle: 'Задать вопрос',
    askField: 'Ваш вопрос',
    askHint: 'От 10 до 1000 символов. Вопрос появится на странице после проверки, ответ мы покажем под ним.',
    send: 'Отправить вопрос',
    sent: 'Спасибо! Вопрос отправлен на проверку. Ответ появится на этой странице и в разделе «Мои вопросы».',
    signIn: 'Войдите',
    signInToAsk: ', чтобы задать вопрос о товаре.',
  },
  reviewForm: {
    title: 'Отзыв о товаре',
    rating: 'Ваша оценка',
    text: 'Ваш отзыв',
    textHint: 'От 10 до 2000 символов: качество, материал, как вещь носится. Не указывайте телефон и адрес.',
    fit: 'Как сидит вещь (необязательно)',
    fitNone: 'Не скажу',
    submit: 'Отправить отзыв',
    cancel: 'Отмена',
    sent: 'Спасибо за отзыв! Он появится на странице товара после проверки модератором.',
    write: 'Оставить отзыв',
    rateTitle: 'Оцените покупки',
    yourReview: 'Ваш отзыв',
    photos: 'Фотографии (необязательно, до 5)',
    photosHint: 'JPEG, PNG или WebP до 10 МБ. Фото покажем вместе с отзывом после проверки.',
    addPhotos: 'Добавить фото',
    removePhoto: 'Убрать фото',
    uploading: 'Загружаем фото…',
    photoTooBig: 'Фото больше 10 МБ: выберите другое',
    photoRejected: 'Это фото не подошло: нужна картинка JPEG, PNG или WebP не меньше 300 пикселей по стороне',
    photoTooMany: 'Вы загрузили много фото за сутки. Попробуйте завтра',
    photoFailed: 'Не удалось загрузить фото. Проверьте интернет и попробуйте ещё раз',
    photoLimit: 'К отзыву можно приложить не больше 5 фото',
  },
  personal: {
    reviewsTitle: 'Мои отзывы',
    questionsTitle: 'Мои вопросы',
    noReviews: 'Вы ещё не оставляли отзывов. Оценить покупки можно в разделе «Выполненные заказы».',
    noQuestions: 'Вы ещё не задавали вопросов. Спросить о товаре можно внизу его страницы.',
    written: 'Написан {date}',
    asked: 'Задан {date}',
    reason: 'Причина',
    toOrders: 'Перейти к выполненным заказам',
  },
};

/** The shape every language's catalogue of reviews and questions has (plural forms per the language's own rules). */
export type FeedbackMessages = Omit<typeof RU_FEEDBACK, 'count'> & {
  count: Record<'reviews' | 'questions', PluralForms>;
};
