// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@kiim/contract';
import ApiKeys, { clientAction, clientLoader } from './api-keys.tsx';
import { browserFormData, ok, refusal, stubApi, writes } from '../test/stub-api.testing.ts';

// The API keys screen (decision 014, permission apikeys.manage): a key needs a name and a scope (checked before
// anything is sent), its secret is shown once, revoking asks first and a revoked key has no button.

const key = (more: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'ERP склада',
  prefix: 'kiim_3f9a',
  scopes: ['orders.status'],
  createdBy: 'Айгерим',
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  ...more,
});

/** Renders the screen at /api-keys over the stubbed API. */
function renderScreen() {
  const Stub = createRoutesStub([
    {
      path: '/api-keys',
      Component: ApiKeys as never,
      loader: clientLoader as never,
      action: clientAction as never,
      HydrateFallback: () => null,
    },
  ]);
  render(<Stub initialEntries={['/api-keys']} />);
}

beforeEach(browserFormData);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API keys screen', () => {
  it('refuses a key without a name or a scope with the messages, sending nothing', async () => {
    const calls = stubApi({ 'GET /api-keys': ok({ items: [] }) });
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Назовите ключ')).toBeTruthy();
    expect(screen.getByText('Выберите хотя бы одну область доступа')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('sends the name and the chosen scopes and shows the secret once', async () => {
    const made = key({ name: 'Обмен с 1С', scopes: ['catalogue.import'] });
    const calls = stubApi({
      'GET /api-keys': [ok({ items: [] }), ok({ items: [made] })],
      'POST /api-keys': ok({ apiKey: made, secret: 'kiim_3f9a-secret-once' }),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: '  Обмен с 1С ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /catalogue\.import/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('kiim_3f9a-secret-once')).toBeTruthy();
    expect(screen.getByText(/показывается один раз/)).toBeTruthy();
    expect(writes(calls)).toEqual([
      { key: 'POST /api-keys', body: { name: 'Обмен с 1С', scopes: ['catalogue.import'] } },
    ]);
  });

  it('shows the API’s refusal of a new key', async () => {
    stubApi({
      'GET /api-keys': ok({ items: [] }),
      'POST /api-keys': refusal(403, 403, 'Нет права управлять ключами API'),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'ERP' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /orders\.status/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Нет права управлять ключами API')).toBeTruthy();
  });

  it('revokes a key only once the staff confirm', async () => {
    const live = key();
    const calls = stubApi({
      'GET /api-keys': [ok({ items: [live] }), ok({ items: [key({ revokedAt: '2026-11-02T10:00:00Z' })] })],
      [`POST /api-keys/${live.id}/revoke`]: ok({}),
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Отозвать' }));
    expect(confirm).toHaveBeenCalledWith(
      'Отозвать ключ «ERP склада»? Интеграция с ним сразу перестанет работать.',
    );
    expect(writes(calls)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Отозвать' }));
    expect(await screen.findByText(/^Отозван /)).toBeTruthy();
    expect(writes(calls)).toEqual([{ key: `POST /api-keys/${live.id}/revoke`, body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Отозвать' })).toBeNull();
  });

  it('lists a key with its prefix and scopes', async () => {
    stubApi({ 'GET /api-keys': ok({ items: [key({ scopes: ['orders.status', 'catalogue.import'] })] }) });
    renderScreen();
    const row = (await screen.findByText('ERP склада')).closest('tr')!;
    expect(within(row).getByText('kiim_3f9a…')).toBeTruthy();
    expect(within(row).getByText('orders.status, catalogue.import')).toBeTruthy();
  });
});
