// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrder, Permission, StaffMe } from '@kiim/contract';
import OrderPage, { clientAction, clientLoader } from './order.tsx';
import { browserFormData, ok, refusal, stubApi, writes } from '../test/stub-api.testing.ts';

// The order page's staff steps (spec §4, decision 019): what a role may do (steps, note, cancel, handover by
// permission), what each step sends (the action and the version the page was loaded with), the API's conflict
// shown, the cancel reason checked before sending, and the handover's refused units and amount due.

const NUMBER = '100042';
const line = (id: string, qty: number, price: number, size: string) => ({
  id,
  skuId: id === 'L1' ? 11 : 12,
  productId: 1,
  productSlug: 'futbolka',
  externalId: `SKU-${size}`,
  name: 'Футболка',
  size,
  colourName: 'белый',
  image: null,
  qty,
  price,
  originalPrice: price,
  amount: qty * price,
  sourceRegionId: 1,
  fromOtherCity: false,
  refusedQty: 0,
});
const order = (more: Partial<AdminOrder> = {}): AdminOrder =>
  ({
    id: 'o-1',
    number: NUMBER,
    status: 'new',
    regionId: 1,
    timeZone: 'Asia/Almaty',
    deliveryMethodId: 1,
    paymentId: 1,
    pickupPoint: null,
    itemsAmount: 25_000,
    deliveryAmount: 0,
    amount: 25_000,
    createdAt: '2026-11-20T10:00:00Z',
    images: [],
    lines: [line('L1', 2, 10_000, 'M'), line('L2', 1, 5_000, 'L')],
    delivery: null,
    deliveryNotToCustomer: false,
    email: null,
    customerComment: null,
    deliveryDateFrom: null,
    deliveryDateTo: null,
    statusHistory: [],
    payment: null,
    cancellable: true,
    version: 7,
    staffNote: null,
    confirmedAt: null,
    pickedAt: null,
    customer: { id: 'c-1', name: 'Асель', mobile: '77011234567' },
    cityName: 'Алматы',
    history: [],
    refusedAmount: 0,
    amountDue: 25_000,
    actions: ['confirm', 'cancel'],
    refunds: [],
    fiscalReceipts: [],
    ...more,
  }) as AdminOrder;

const member = (permissions: Permission[]): StaffMe => ({
  id: '00000000-0000-4000-8000-00000000000a',
  email: 'staff@kiim.kz',
  name: 'Ерлан',
  role: 'warehouse',
  permissions,
  twoFactorEnabled: true,
  twoFactorRequired: false,
  recoveryCodesLeft: 10,
});
const WAREHOUSE: Permission[] = ['orders.read', 'orders.update', 'orders.handover'];
const MANAGER: Permission[] = [...WAREHOUSE, 'orders.cancel'];

/** Renders the order page for a member with `permissions`, inside a stand-in of the layout. */
function renderPage(permissions: Permission[]) {
  const Stub = createRoutesStub([
    {
      id: 'routes/layout',
      path: '/',
      loader: () => ({ stage: 'signed_in', me: member(permissions) }),
      HydrateFallback: () => null,
      children: [
        {
          path: 'orders/:number',
          Component: OrderPage as never,
          loader: clientLoader as never,
          action: clientAction as never,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[`/orders/${NUMBER}`]} />);
}

const GET = `GET /orders/${NUMBER}`;
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

beforeEach(browserFormData);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('what a role may do with an order', () => {
  it('the warehouse leads the order but has no cancel', async () => {
    stubApi({ [GET]: ok({ order: order() }) });
    renderPage(WAREHOUSE);
    expect(await screen.findByRole('button', { name: 'Подтвердить' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Сохранить заметку' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
  });

  it('a member who may only read sees no step, note, cancel or handover', async () => {
    stubApi({ [GET]: ok({ order: order({ actions: ['confirm', 'cancel', 'handover'] }) }) });
    renderPage(['orders.read']);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain(`Заказ № ${NUMBER}`);
    for (const name of [
      'Подтвердить',
      'Сохранить заметку',
      'Отменить заказ',
      'Выдан с отказом от части товаров',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('offers only the steps the order allows now', async () => {
    stubApi({
      [GET]: ok({ order: order({ status: 'paid', actions: ['pick'], confirmedAt: '2026-11-20T11:00:00Z' }) }),
    });
    renderPage(MANAGER);
    expect(await screen.findByRole('button', { name: 'Собран' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Подтвердить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).toBeNull();
    expect(screen.getByTestId('order-status').textContent).toBe('Подтверждён');
  });
});

describe('the order’s steps', () => {
  it('sends the step with the version the page was loaded with, and shows the new stage', async () => {
    const calls = stubApi({
      [GET]: [
        ok({ order: order() }),
        ok({ order: order({ version: 8, confirmedAt: '2026-11-20T11:00:00Z' }) }),
      ],
      [`POST /orders/${NUMBER}/actions`]: ok({ order: order({ version: 8 }) }),
    });
    renderPage(WAREHOUSE);
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить' }));
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Подтверждён'));
    expect(writes(calls)).toEqual([
      { key: `POST /orders/${NUMBER}/actions`, body: { action: 'confirm', version: 7 } },
    ]);
  });

  it('shows the API’s conflict when someone changed the order meanwhile', async () => {
    stubApi({
      [GET]: ok({ order: order() }),
      [`POST /orders/${NUMBER}/actions`]: refusal(409, 409, 'Заказ уже изменили, обновите страницу'),
    });
    renderPage(WAREHOUSE);
    fireEvent.click(await screen.findByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Заказ уже изменили, обновите страницу')).toBeTruthy();
  });

  it('refuses a cancel without a reason, sending nothing; with one, sends it', async () => {
    const calls = stubApi({
      // Read again after each sending, the refused one included.
      [GET]: [
        ok({ order: order() }),
        ok({ order: order() }),
        ok({ order: order({ status: 'cancelled', actions: [] }) }),
      ],
      [`POST /orders/${NUMBER}/cancel`]: ok({ order: order({ status: 'cancelled' }) }),
    });
    renderPage(MANAGER);
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    expect(await screen.findByText('Укажите причину отмены')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    fireEvent.change(screen.getByLabelText('Причина отмены'), { target: { value: 'Покупатель передумал' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([
        { key: `POST /orders/${NUMBER}/cancel`, body: { reason: 'Покупатель передумал', version: 7 } },
      ]),
    );
    await vi.waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Отменён'));
  });
});

describe('the handover with a refusal', () => {
  const ready = () => order({ status: 'ready_for_pickup', actions: ['complete', 'handover', 'cancel'] });

  it('is offered only to a member who may hand over', async () => {
    stubApi({ [GET]: ok({ order: ready() }) });
    renderPage(['orders.read', 'orders.update']);
    expect(await screen.findByRole('button', { name: 'Выдан полностью' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Выдан с отказом от части товаров' })).toBeNull();
  });

  it('counts what the customer pays for what they take, and sends the refused units per line', async () => {
    const calls = stubApi({
      [GET]: [ok({ order: ready() }), ok({ order: ready() })],
      [`POST /orders/${NUMBER}/handover`]: ok({ order: ready() }),
    });
    renderPage(WAREHOUSE);
    const form = (await screen.findByRole('button', { name: 'Выдан с отказом от части товаров' })).closest(
      'form',
    )!;
    expect(digits(within(form).getByText(/^Получить с покупателя/).textContent)).toBe('25000');
    fireEvent.change(within(form).getByLabelText(/Футболка, M .* заказано 2, отказ:/), {
      target: { value: '5' },
    });
    // At most the units ordered: 5 becomes 2, so 20 000 ₸ less.
    expect(digits(within(form).getByText(/^Получить с покупателя/).textContent)).toBe('5000');
    fireEvent.click(within(form).getByRole('button', { name: 'Выдан с отказом от части товаров' }));
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          key: `POST /orders/${NUMBER}/handover`,
          body: {
            version: 7,
            refused: [
              { lineId: 'L1', refusedQty: 2 },
              { lineId: 'L2', refusedQty: 0 },
            ],
          },
        },
      ]),
    );
  });
});
