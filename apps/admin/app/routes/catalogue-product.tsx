import { Link, redirect, useActionData, useLoaderData, useSearchParams } from 'react-router';
import {
  ProductInput,
  ProductMeasurementsInput,
  StockChangesInput,
  type AdminCatalogueOptions,
  type AdminProduct,
  type ProductMeasurements,
  type StockChangesResult,
} from '@kiim/contract';
import type { Route } from './+types/catalogue-product';
import { adminApi, adminUpload, screenData } from '../lib/api.ts';
import { attempt, formObject, submit, type FormResult } from '../lib/form.ts';
import { can } from '../lib/nav.ts';
import {
  onCells,
  photoProblem,
  productBody,
  type PhotoFacts,
  type ProductAnswer,
} from '../lib/product-form.ts';
import { changeErrors, stockChangeOf } from '../lib/stock-change.ts';
import { measurementsBody } from '../lib/measurements-form.ts';
import { ProductMeasurementsPanel } from '../components/product/ProductMeasurements.tsx';
import { ProductForm } from '../components/product/ProductForm.tsx';
import { Pictures, Publication } from '../components/product/ProductPictures.tsx';
import { ProductStock } from '../components/product/ProductStock.tsx';
import { ScreenError } from '../components/ScreenError.tsx';
import { useMember } from './layout.tsx';

/** A product's form (permission catalogue.edit): `/catalogue/new` or `/catalogue/{id}`. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const at = `/catalogue/products/${params.productId}`;
  const [product, options, measurements] = await Promise.all([
    params.productId ? screenData<AdminProduct>(at) : null,
    screenData<AdminCatalogueOptions>('/catalogue/options'),
    params.productId ? screenData<ProductMeasurements>(`${at}/measurements`) : null,
  ]);
  return { product, options, measurements };
}

const refused = (errors: Record<string, string>): FormResult => ({ ok: false, errors, at: Date.now() });

/**
 * Save the form (a new product with its first photos and stock in one save), publish or hide, add, move or remove
 * a picture, change several sizes' stock in several cities with one reason, save the garment measurements.
 */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<ProductAnswer | Response> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  const base = `/catalogue/products/${params.productId}`;
  if (intent === 'upload') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return { intent, result: refused({ file: 'Выберите файл' }) };
    return { intent, result: await attempt(() => adminUpload(`${base}/images`, file)) };
  }
  const { imageId, direction, ...values } = formObject(form);
  if (intent === 'publish' || intent === 'unpublish') {
    const published = intent === 'publish';
    return { intent, result: await attempt(() => adminApi('POST', `${base}/publish`, { published })) };
  }
  if (intent === 'move')
    return {
      intent,
      result: await attempt(() => adminApi('POST', `${base}/images/${imageId}/move`, { direction })),
    };
  if (intent === 'remove-image')
    return { intent, result: await attempt(() => adminApi('DELETE', `${base}/images/${imageId}`)) };
  if (intent === 'stock') return { intent, result: await changeStock(values, params.productId) };
  if (intent === 'measurements')
    return {
      intent,
      result: await submit(ProductMeasurementsInput, measurementsBody(values), (b) =>
        adminApi('PUT', `${base}/measurements`, b),
      ),
    };
  if (params.productId) {
    const { body } = productBody(values);
    return { intent: 'save', result: await submit(ProductInput, body, (b) => adminApi('PUT', base, b)) };
  }
  return createProduct(values, form.getAll('photos'));
}

/**
 * A new product in one save: the chosen photos are checked first (nothing is created when one would be refused),
 * then the product with its sizes and first stock is created, then the photos are uploaded in order. A photo the
 * shop still refuses leaves the product created; its page says how many photos to add again.
 */
async function createProduct(
  values: Record<string, string | string[]>,
  chosen: FormDataEntryValue[],
): Promise<ProductAnswer | Response> {
  const photos = chosen.filter((f): f is File => f instanceof File && f.size > 0);
  const problems = (await Promise.all(photos.map(async (p) => photoProblem(await photoFacts(p))))).filter(
    (p): p is string => p !== null,
  );
  if (problems.length) return { intent: 'save', result: refused({ photos: problems.join('. ') }) };
  const { body, cells } = productBody(values);
  const result = await submit(ProductInput, body, (b) =>
    adminApi<AdminProduct>('POST', '/catalogue/products', b),
  );
  if (!result.ok) return { intent: 'save', result: refused(onCells(result.errors, cells)) };
  let failed = 0;
  for (const photo of photos)
    await adminUpload(`/catalogue/products/${result.data.id}/images`, photo).catch(() => failed++);
  return redirect(`/catalogue/${result.data.id}?created=1${failed ? `&photosFailed=${failed}` : ''}`);
}

/** What the browser can tell of a chosen photo: its type, size and pixels (0 × 0 when it cannot be read). */
async function photoFacts(file: File): Promise<PhotoFacts> {
  const facts = { name: file.name, type: file.type, bytes: file.size, width: 0, height: 0 };
  try {
    const bitmap = await createImageBitmap(file);
    facts.width = bitmap.width;
    facts.height = bitmap.height;
    bitmap.close();
  } catch {
    /* not an image the browser reads: photoProblem says so */
  }
  return facts;
}

/** The stock grid sent as one change (`POST …/stock/changes`), refusals placed on the grid's cells. */
async function changeStock(values: Record<string, string | string[]>, productId: string | undefined) {
  const grid = await attempt(() =>
    Promise.all([
      adminApi<AdminProduct>('GET', `/catalogue/products/${productId}`),
      adminApi<AdminCatalogueOptions>('GET', '/catalogue/options'),
    ]),
  );
  if (!grid.ok) return grid;
  const [product, { cities }] = grid.data;
  const { body, lines } = stockChangeOf(values, product.skus, cities);
  const result = await submit(StockChangesInput, body, (b) =>
    adminApi<StockChangesResult>('POST', '/catalogue/stock/changes', b),
  );
  return result.ok ? result : refused(changeErrors(result.errors, lines));
}

/** The product screen: publication, the form, pictures and stock (each behind its permission). */
export default function CatalogueProduct() {
  const { product, options, measurements } = useLoaderData<typeof clientLoader>();
  const answer = useActionData<typeof clientAction>() as ProductAnswer | undefined;
  const [params] = useSearchParams();
  const me = useMember();
  const failed = Number(params.get('photosFailed') ?? 0);
  return (
    <>
      <p>
        <Link to="/catalogue">← Каталог</Link>
      </p>
      <h1>{product ? product.name : 'Новый товар'}</h1>
      {product && params.get('created') === '1' && !answer && (
        <p className="notice" role="status">
          Товар создан
          {failed > 0
            ? `, но фотографий не загрузилось: ${failed}. Добавьте их ещё раз в разделе «Фотографии».`
            : '.'}{' '}
          Он пока скрыт: проверьте его и нажмите «Опубликовать».
        </p>
      )}
      {product && <Publication product={product} answer={answer} />}
      <ProductForm
        key={product?.id ?? 'new'}
        product={product}
        options={options}
        answer={answer}
        withStock={can(me, 'stock.edit')}
      />
      {product && <Pictures product={product} answer={answer} />}
      {product && measurements && <ProductMeasurementsPanel measurements={measurements} answer={answer} />}
      {product && can(me, 'stock.edit') && (
        <ProductStock product={product} options={options} answer={answer} />
      )}
    </>
  );
}

/** The screen's error page (no access, not found, the API down). */
export function ErrorBoundary() {
  return <ScreenError />;
}
