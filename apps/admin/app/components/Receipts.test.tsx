// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminReceipt, AdminReceiptList } from '@kiim/contract';
import { OrderFiscalReceipts, ReceiptsScreen } from './Receipts.tsx';

// «Чеки» (issue 32 §5): the failed receipt shows its error and, for the owner, «Повторить» posting intent=retry
// with its id; an issued one links to the OFD page; «Закрыть смену» posts intent=close-shift and says which shift
// closed; production with FISCAL_PROVIDER=off shows the warning.

const receipt = (more: Partial<AdminReceipt>): AdminReceipt => ({
  id: 'r-1',
  orderId: 'o-1',
  orderNumber: '100123',
  eventKey: 'sale',
  operation: 'sale',
  status: 'done',
  total: 12_340,
  attempts: 1,
  checkNumber: '923956785162',
  shiftNumber: 3,
  ticketUrl: 'http://127.0.0.1:3399/Ticket?chb=SWK1&extnum=kiim-s-100123',
  lastError: null,
  createdAt: '2026-03-10T06:00:00Z',
  doneAt: '2026-03-10T06:00:05Z',
  ...more,
});
const list = (more: Partial<AdminReceiptList> = {}): AdminReceiptList => ({
  mode: 'simulator',
  production: false,
  cashbox: {
    uniqueNumber: 'SWK1',
    shiftNumber: 3,
    shiftOpenedAt: '2026-03-10T06:00:05Z',
    lastZReportAt: null,
    lastError: null,
  },
  items: [
    receipt({}),
    receipt({
      id: 'r-2',
      orderNumber: '100124',
      status: 'failed',
      lastError: '[9] Цена должна быть больше нуля',
      ticketUrl: null,
      checkNumber: null,
      shiftNumber: null,
    }),
  ],
  ...more,
});

/** Renders the screen on a stub route whose action records what was posted and answers `answer`. */
function renderScreen(
  view: AdminReceiptList,
  canManage: boolean,
  answer: unknown = { ok: true, data: {}, at: 1 },
) {
  const posted: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/receipts',
      Component: () => <ReceiptsScreen list={view} status="" canManage={canManage} />,
      action: async ({ request }) => {
        posted.push(Object.fromEntries((await request.formData()) as unknown as Iterable<[string, string]>));
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={['/receipts']} />);
  return posted;
}

afterEach(cleanup);

describe('«Чеки»', () => {
  it('shows the failed receipt’s error and retries it for the owner', async () => {
    const posted = renderScreen(list(), true);
    const failed = screen.getByTestId('receipt-r-2');
    expect(within(failed).getByText('[9] Цена должна быть больше нуля')).toBeTruthy();
    expect(within(failed).getByText('Ошибка')).toBeTruthy();
    expect(within(screen.getByTestId('receipt-r-1')).queryByText('Повторить')).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(posted).toEqual([{ intent: 'retry', id: 'r-2' }]));
    expect(await within(failed).findByText('В очереди на отправку')).toBeTruthy();
  });

  it('links an issued receipt to its OFD page', () => {
    renderScreen(list(), false);
    const link = within(screen.getByTestId('receipt-r-1')).getByRole('link', { name: '923956785162' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1:3399/Ticket?chb=SWK1&extnum=kiim-s-100123');
    expect(within(screen.getByTestId('receipt-r-1')).getByText('12 340 ₸')).toBeTruthy();
  });

  it('offers no actions to a member who may only read', () => {
    renderScreen(list(), false);
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Закрыть смену' })).toBeNull();
    expect(screen.getByText(/смена № 3 открыта/)).toBeTruthy();
  });

  it('closes the shift and says which one', async () => {
    const posted = renderScreen(list(), true, { ok: true, data: { closedShift: 3 }, at: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть смену' }));
    expect(await screen.findByText('Смена № 3 закрыта.')).toBeTruthy();
    expect(posted).toEqual([{ intent: 'close-shift' }]);
  });

  it('shows the provider’s refusal of the Z-report', async () => {
    renderScreen(list(), true, { ok: false, errors: { _form: 'Касса не закрыла смену: [505]' }, at: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть смену' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Касса не закрыла смену: [505]');
  });

  it('warns only in production with fiscalisation off', () => {
    renderScreen(list({ mode: 'off', production: true, cashbox: null, items: [] }), true);
    expect(screen.getByTestId('fiscal-off').textContent).toMatch(/FISCAL_PROVIDER=off/);
    cleanup();
    renderScreen(list({ mode: 'off', production: false }), true);
    expect(screen.queryByTestId('fiscal-off')).toBeNull();
  });

  it('fits the order page: no order or action column there, both on «Чеки»', () => {
    const Stub = createRoutesStub([
      { path: '/o', Component: () => <OrderFiscalReceipts items={list().items} /> },
    ]);
    render(<Stub initialEntries={['/o']} />);
    const panel = screen.getByTestId('order-receipts');
    const heads = within(panel)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(heads).toEqual(['Когда', 'Чек', 'Сумма', 'Состояние', 'Фискальный признак']);
    expect(within(panel).queryByText('№ 100123')).toBeNull();
    cleanup();
    renderScreen(list(), true);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Заказ');
    expect(screen.getByText('№ 100123')).toBeTruthy();
  });
});
