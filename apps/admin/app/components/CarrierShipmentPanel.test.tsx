// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@kiim/contract';
import { CarrierShipmentPanel } from './CarrierShipmentPanel.tsx';

// The carrier panel of the order page (issue 34): nothing for the shop's own delivery; before sending, how CDEK
// delivers and what to do; after, the state, track number, CDEK's refusal and the label link.

const carrier: NonNullable<AdminOrder['carrier']> = {
  ...{ carrier: 'cdek', kind: 'pickup_point', tariffCode: 136, pointCode: 'KOK1', price: 3150 },
  ...{ periodMinDays: 4, periodMaxDays: 5, trackNumber: null, state: null, states: [] },
};
const orderWith = (more: Partial<AdminOrder>) =>
  ({ number: '100200', carrier, shipment: null, ...more }) as AdminOrder;

afterEach(cleanup);

describe('CarrierShipmentPanel', () => {
  it('renders nothing for an order the shop delivers itself', () => {
    const { container } = render(<CarrierShipmentPanel order={orderWith({ carrier: null })} />);
    expect(container.innerHTML).toBe('');
  });

  it('says how CDEK delivers and that the order is not sent yet', () => {
    render(<CarrierShipmentPanel order={orderWith({})} />);
    expect(screen.getByTestId('carrier-panel').textContent).toMatch(/пункт выдачи СДЭК · код пункта KOK1/);
    expect(screen.getByText(/ещё не передана в СДЭК/)).toBeTruthy();
    expect(screen.queryByTestId('shipment-label')).toBeNull();
  });

  it('shows CDEK’s refusal, and the state, track number and label of an accepted parcel', () => {
    const refused = {
      state: 'invalid',
      trackNumber: null,
      lastError: null,
      attempts: 0,
      labelAvailable: false,
    };
    render(
      <CarrierShipmentPanel
        order={orderWith({
          shipment: {
            ...refused,
            problems: [{ code: 'x', message: 'Некорректный телефон' }],
          } as AdminOrder['shipment'],
        })}
      />,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/Некорректный телефон/);
    cleanup();
    const ok = {
      state: 'registered',
      trackNumber: '1234567',
      problems: [],
      lastError: null,
      attempts: 0,
      labelAvailable: true,
    };
    render(<CarrierShipmentPanel order={orderWith({ shipment: ok as AdminOrder['shipment'] })} />);
    expect(screen.getByTestId('shipment-state').textContent).toMatch(/трек-номер 1234567/);
    expect(screen.getByTestId('shipment-label').getAttribute('href')).toBe(
      '/api/admin/orders/100200/shipment/label',
    );
  });
});
