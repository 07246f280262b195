import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ContentPage as ContentPageSchema,
  ErrorCode,
  INFO_PAGES,
  type ContentPage,
  type ContentPageSummary,
  type SellerDetails,
} from '@kiim/contract';
import { createTestApp, type TestContext } from '#app/test/helper.ts';
import { callJson, expectRefused } from '#app/test/inject.ts';
import { sellerDetails } from './content.routes.ts';
import { addMissingPages, savePage } from './content.service.ts';

// Information pages (issue 10; spec §2): the index, one page rendered with its data blocks, the seller's details,
// what is refused (unknown slug, bad input, unpublished pages) and what a stored text can never do (raw HTML).
// The seller's details come from configuration: these tests set their own.

const SELLER_ENV = {
  SELLER_COMPANY_NAME: 'ТОО «Киим_Тест*»',
  SELLER_BIN: '900101300017',
  SELLER_LEGAL_ADDRESS: 'г. Астана, пр. Мангилик Ел, 55/20',
  SELLER_PHONE: '+7 717 255 00 00',
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: SELLER_ENV });
});
afterAll(async () => t?.close());

const get = <T>(url: string) => callJson(t.app, 'GET', url) as Promise<{ status: number; body: { data: T } }>;
const html = (page: ContentPage) =>
  page.parts.map((p) => (p.kind === 'html' ? p.html : `[${p.block}]`)).join('\n');
const pageRows = () => t.db.selectFrom('content_page').selectAll().orderBy('slug').execute();

describe('GET /api/content/pages', () => {
  it('lists the eight information pages of spec §2 in the footer order, with titles and descriptions', async () => {
    const { status, body } = await get<ContentPageSummary[]>('/api/content/pages');
    expect(status).toBe(200);
    expect(body.data.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    for (const p of body.data) {
      expect(p.locale).toBe('ru');
      expect(p.title.length).toBeGreaterThan(3);
      expect(p.description.length).toBeGreaterThan(40);
    }
  });

  it('refuses an unknown language and unknown parameters with field errors', async () => {
    for (const query of ['locale=en', 'locale=', 'lang=kk']) {
      await expectRefused(
        pageRows,
        400,
        ErrorCode.validation,
        () => callJson(t.app, 'GET', `/api/content/pages?${query}`),
        query,
      );
    }
  });
});

describe('GET /api/content/pages/:slug', () => {
  it('renders the public offer with the configured seller details, escaped, and its details block', async () => {
    const { status, body } = await get<ContentPage>('/api/content/pages/dogovor-publichnoj-oferty');
    expect(status).toBe(200);
    const page = ContentPageSchema.parse(body.data);
    const text = html(page);
    expect(page.title).toBe('Публичная оферта');
    expect(text).toContain('<h2>1. Термины</h2>');
    expect(text).toContain('статьёй 395 Гражданского кодекса Республики Казахстан');
    // Markdown punctuation in a configured name reads literally (no emphasis), HTML-escaped.
    expect(text).toContain('ТОО «Киим_Тест*» (БИН 900101300017)');
    expect(text).not.toContain('{{');
    expect(page.parts.at(-1)).toEqual({ kind: 'block', block: 'seller-details' });
    expect(page.seller).toMatchObject({
      companyName: SELLER_ENV.SELLER_COMPANY_NAME,
      bin: '900101300017',
      demo: false,
    });
    expect(page.cities).toEqual([]);
  });

  it('gives the delivery page the visible cities with courier prices and pickup points', async () => {
    const { body } = await get<ContentPage>('/api/content/pages/dostavka-i-oplata');
    const page = body.data;
    expect(page.parts.filter((p) => p.kind === 'block').map((p) => p.kind === 'block' && p.block)).toEqual([
      'delivery-cities',
      'delivery-terms',
      'payment-methods',
    ]);
    const cities = await t.db
      .selectFrom('city')
      .selectAll()
      .where('visible_for_customers', '=', 1)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    expect(page.cities.map((c) => c.name)).toEqual(cities.map((c) => c.name));
    expect(page.cities.map((c) => c.name)).not.toContain('Туркестан');
    const almaty = page.cities.find((c) => c.id === 1)!;
    expect(almaty.courierPrice).toBe(Number(cities.find((c) => c.id === 1)!.courier_price));
    expect(almaty.courierDays).toBe(Number(cities.find((c) => c.id === 1)!.delivery_days));
    const points = await t.db
      .selectFrom('pickup_point')
      .select(['id'])
      .where('city_id', '=', 1)
      .orderBy('id')
      .execute();
    expect(almaty.pickupPoints.map((p) => p.id)).toEqual(points.map((p) => p.id));
    const noCourier = cities.find((c) => c.courier_available === 0)!;
    expect(page.cities.find((c) => c.id === noCourier.id)!.courierPrice).toBeNull();
    // The payment window of the configuration is written into the text.
    expect(html(page)).toContain(`в течение ${t.config.payments.paymentWindowMinutes} минут`);
  });

  it('wraps the size guide tables for scrolling and serves every page of the footer', async () => {
    const { body } = await get<ContentPage>('/api/content/pages/razmer');
    expect(html(body.data)).toMatch(
      /<div class="table-scroll"><table>\n<thead>\n<tr>\n<th>Российский размер<\/th>/,
    );
    for (const { slug } of INFO_PAGES)
      expect((await get<ContentPage>(`/api/content/pages/${slug}`)).status).toBe(200);
  });

  it('answers 404 for an unknown slug and 400 with a field error for a malformed one', async () => {
    await expectRefused(pageRows, 404, ErrorCode.contentNotFound, () =>
      callJson(t.app, 'GET', '/api/content/pages/brands'),
    );
    for (const slug of ['Dostavka', 'a--b', '-a', 'a_b', 'o%20ferta']) {
      const res = await callJson(t.app, 'GET', `/api/content/pages/${slug}`);
      expect(res.status, slug).toBe(400);
      expect(res.body.errors.slug, slug).toHaveLength(1);
    }
    expect((await callJson(t.app, 'GET', '/api/content/pages/faq?locale=en')).status).toBe(400);
  });
});

describe('pages in Kazakh (issue 13)', () => {
  const kk = { 'accept-language': 'kk' };

  it('serves the Kazakh page for locale=kk: its title, description and text, with the same blocks', async () => {
    const { status, body } = await callJson(
      t.app,
      'GET',
      '/api/content/pages/dostavka-i-oplata?locale=kk',
      undefined,
      kk,
    );
    expect(status).toBe(200);
    const page = ContentPageSchema.parse(body.data);
    expect(page).toMatchObject({ slug: 'dostavka-i-oplata', locale: 'kk', title: 'Жеткізу және төлем' });
    expect(page.description).toMatch(/^Kiim дүкендері мен беру пункттерінен тегін өзі алып кету/);
    const text = html(page);
    expect(text).toContain('<h2>Алу тәсілдері</h2>');
    expect(text).toContain(`${t.config.payments.paymentWindowMinutes} минут ішінде төлеу керек`);
    expect(text).not.toMatch(/Самовывоз|\{\{/);
    // The seller's service hours in the text come in Kazakh too (catalogue_text), not the configured Russian.
    expect(text).toContain('(күн сайын 9:00-ден 21:00-ге дейін (Алматы уақытымен))');
    expect(page.parts.filter((p) => p.kind === 'block').map((p) => p.kind === 'block' && p.block)).toEqual([
      'delivery-cities',
      'delivery-terms',
      'payment-methods',
    ]);
    // The catalogue's cities in Kazakh (catalogue_text), as in every shopper answer for Accept-Language: kk.
    const names = page.cities.map((c) => c.name);
    expect(names).toContain('Алматы');
    expect(names).toContain('Қарағанды');
    expect(names).not.toContain('Караганда');

    const offer = (
      await callJson(t.app, 'GET', '/api/content/pages/dogovor-publichnoj-oferty?locale=kk', undefined, kk)
    ).body.data as ContentPage;
    expect(offer.title).toBe('Жария оферта');
    expect(html(offer)).toContain('ТОО «Киим_Тест*» (БСН 900101300017)');
    expect(html(offer)).toContain('Қазақстан Республикасы Азаматтық кодексінің 395-бабына');
  });

  it('lists the Kazakh pages in the footer order; Russian stays the default', async () => {
    const { body } = await get<ContentPageSummary[]>('/api/content/pages?locale=kk');
    const info = body.data.filter((p) => INFO_PAGES.some((i) => i.slug === p.slug));
    expect(info.map((p) => p.slug)).toEqual(INFO_PAGES.map((p) => p.slug));
    expect(info.map((p) => p.locale)).toEqual(INFO_PAGES.map(() => 'kk'));
    expect(info.map((p) => p.title)).toContain('Құпиялылық саясаты');
    expect((await get<ContentPage>('/api/content/pages/faq')).body.data).toMatchObject({
      locale: 'ru',
      title: 'Вопросы и ответы',
    });
  });

  it('falls back to the Russian page when a page has no published Kazakh version, and 404 when neither', async () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const ru = {
      slug: 'tolko-russkij',
      title: 'Только по-русски',
      description: 'Страница, которую ещё не перевели на казахский язык.',
      body: 'Текст только на русском.',
    };
    await savePage(t.db, ru, now);
    const fallback = await get<ContentPage>('/api/content/pages/tolko-russkij?locale=kk');
    expect(fallback.status).toBe(200);
    expect(fallback.body.data).toMatchObject({
      slug: 'tolko-russkij',
      locale: 'ru',
      title: 'Только по-русски',
    });
    expect(html(fallback.body.data)).toBe('<p>Текст только на русском.</p>\n');
    const list = (await get<ContentPageSummary[]>('/api/content/pages?locale=kk')).body.data;
    expect(list.find((p) => p.slug === 'tolko-russkij')).toMatchObject({ locale: 'ru' });

    // An unpublished Kazakh draft is not shown: the Russian page is.
    await savePage(
      t.db,
      { ...ru, locale: 'kk', title: 'Тек орысша', body: 'Аударма дайын емес.', published: false },
      now,
    );
    expect((await get<ContentPage>('/api/content/pages/tolko-russkij?locale=kk')).body.data.locale).toBe(
      'ru',
    );
    // Published, it replaces the Russian page for Kazakh readers only.
    await savePage(t.db, { ...ru, locale: 'kk', title: 'Тек орысша', body: 'Аударма дайын.' }, now);
    const own = (await get<ContentPage>('/api/content/pages/tolko-russkij?locale=kk')).body.data;
    expect(own).toMatchObject({ locale: 'kk', title: 'Тек орысша' });
    expect((await get<ContentPage>('/api/content/pages/tolko-russkij')).body.data.locale).toBe('ru');

    // Neither language published → 404, changing nothing.
    await savePage(t.db, { ...ru, published: false }, now);
    await savePage(t.db, { ...ru, locale: 'kk', title: 'Тек орысша', body: 'x', published: false }, now);
    await expectRefused(pageRows, 404, ErrorCode.contentNotFound, () =>
      callJson(t.app, 'GET', '/api/content/pages/tolko-russkij?locale=kk'),
    );
  });
});

describe('GET /api/content/seller', () => {
  it('answers the configured details with the dialled phone', async () => {
    const { body } = await get<SellerDetails>('/api/content/seller');
    expect(body.data).toEqual({
      companyName: SELLER_ENV.SELLER_COMPANY_NAME,
      bin: SELLER_ENV.SELLER_BIN,
      legalAddress: SELLER_ENV.SELLER_LEGAL_ADDRESS,
      phone: '+7 717 255 00 00',
      phoneHref: 'tel:+77172550000',
      email: t.config.seller.email,
      serviceHours: t.config.seller.serviceHours,
      demo: false,
      paymentMethodIds: [1, 2, 3],
    });
  });

  it('lists Kaspi (4) among the accepted payment methods only while Kaspi Pay is on', () => {
    const on = { ...t.config, kaspi: { ...t.config.kaspi, mode: 'simulator' as const } };
    expect(sellerDetails(on).paymentMethodIds).toEqual([1, 2, 3, 4]);
    expect(sellerDetails(t.config).paymentMethodIds).toEqual([1, 2, 3]);
  });
});

describe('writing pages (the back office and the seed)', () => {
  const now = new Date('2026-12-02T09:00:00Z');

  const giftCards = {
    slug: 'podarochnye-karty',
    title: 'Подарочные карты',
    description: 'Как купить и использовать подарочную карту Kiim.',
    body: 'Карты номиналом от 5 000 ₸.',
  };

  it('serves a page only while it is published', async () => {
    await savePage(t.db, { ...giftCards, published: false }, now);
    expect((await get('/api/content/pages/podarochnye-karty')).status).toBe(404);
    expect(
      (await get<ContentPageSummary[]>('/api/content/pages')).body.data.map((p) => p.slug),
    ).not.toContain('podarochnye-karty');

    await savePage(t.db, giftCards, now);
    const { status, body } = await get<ContentPage>('/api/content/pages/podarochnye-karty');
    expect(status).toBe(200);
    expect(html(body.data)).toBe('<p>Карты номиналом от 5 000 ₸.</p>\n');
    const list = (await get<ContentPageSummary[]>('/api/content/pages')).body.data.map((p) => p.slug);
    expect(list.at(-1)).toBe('podarochnye-karty');
  });

  it('shows raw HTML of a stored text as text and drops script links', async () => {
    await savePage(
      t.db,
      {
        slug: 'proverka',
        title: 'Проверка',
        description: 'Страница для проверки вывода текста.',
        body: '<script>alert(1)</script>\n\n[ссылка](javascript:alert(1)) <img src=x onerror=alert(1)>',
      },
      now,
    );
    const text = html((await get<ContentPage>('/api/content/pages/proverka')).body.data);
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).not.toMatch(/<script|<img|href="javascript/);
  });

  it('refuses bad input and unknown blocks or placeholders with field errors, changing nothing', async () => {
    const bad = [
      { slug: 'Bad Slug', title: 'T', description: 'D', body: 'x' },
      { slug: 'ok', title: '', description: 'D', body: 'x' },
      { slug: 'ok', title: 'T', description: 'D', body: '{{block:map}}' },
      { slug: 'ok', title: 'T', description: 'D', body: 'Звоните {{seller.fax}}' },
      { slug: 'ok', title: 'T', description: 'D', body: 'x', locale: 'en' },
    ];
    for (const input of bad) {
      const before = await pageRows();
      await expect(savePage(t.db, input as never, now), JSON.stringify(input)).rejects.toMatchObject({
        statusCode: 400,
        code: ErrorCode.validation,
      });
      expect(await pageRows()).toEqual(before);
    }
  });

  it('adds only the pages a database lacks, leaving an edited one as it is', async () => {
    await savePage(
      t.db,
      {
        slug: 'faq',
        title: 'Вопросы и ответы',
        description: 'Изменено в бэк-офисе для проверки.',
        body: 'Новый текст.',
      },
      now,
    );
    const added = await addMissingPages(
      t.db,
      [
        {
          slug: 'faq',
          title: 'Вопросы и ответы',
          description: 'Текст из сида, который не должен лечь поверх.',
          body: 'Старый текст.',
        },
        {
          slug: 'novaya',
          title: 'Новая',
          description: 'Новая страница, которой ещё не было.',
          body: 'Текст.',
        },
      ],
      now,
    );
    expect(added).toBe(1);
    expect(html((await get<ContentPage>('/api/content/pages/faq')).body.data)).toBe('<p>Новый текст.</p>\n');
    expect((await get('/api/content/pages/novaya')).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('lists the content routes with tags, summaries and their parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        { get?: { tags?: string[]; summary?: string; parameters?: { name: string; in: string }[] } }
      >;
    };
    for (const path of ['/api/content/pages', '/api/content/pages/{slug}', '/api/content/seller']) {
      const op = doc.paths[path]?.get;
      expect(op?.tags, path).toEqual(['content']);
      expect(op?.summary, path).toBeTruthy();
    }
    const params = doc.paths['/api/content/pages/{slug}']!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(params).toEqual(expect.arrayContaining(['path:slug', 'query:locale']));
  });
});
