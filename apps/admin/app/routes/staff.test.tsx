// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffList, StaffMe, StaffMember } from '@kiim/contract';
import Staff, { clientAction, clientLoader } from './staff.tsx';
import { browserFormData, ok, refusal, stubApi, writes } from '../test/stub-api.testing.ts';

// The staff screen (decision 014, permission staff.manage): an invitation is checked before it is sent and its
// link shown once; the owner changes others' roles and access, never their own; refusals are shown on the row.

const ME = '00000000-0000-4000-8000-00000000000a';
const ASEL = '00000000-0000-4000-8000-00000000000b';
const me: StaffMe = {
  id: ME,
  email: 'owner@kiim.kz',
  name: 'Айгерим',
  role: 'owner',
  permissions: ['staff.manage'],
  twoFactorEnabled: true,
  twoFactorRequired: false,
  recoveryCodesLeft: 10,
};
const member = (more: Partial<StaffMember>): StaffMember => ({
  id: ASEL,
  email: 'asel@kiim.kz',
  name: 'Асель',
  role: 'warehouse',
  active: true,
  twoFactorEnabled: false,
  createdAt: '2026-10-01T10:00:00Z',
  lastSignInAt: null,
  ...more,
});
const list = (...others: StaffMember[]): StaffList => ({
  members: [member({ id: ME, name: 'Айгерим', email: 'owner@kiim.kz', role: 'owner' }), ...others],
  invitations: [],
});

/** Renders the screen inside a stand-in of the layout (its loader gives the signed-in member). */
function renderScreen() {
  const Stub = createRoutesStub([
    {
      id: 'routes/layout',
      path: '/',
      loader: () => ({ stage: 'signed_in', me }),
      HydrateFallback: () => null,
      children: [
        {
          path: 'staff',
          Component: Staff as never,
          loader: clientLoader as never,
          action: clientAction as never,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={['/staff']} />);
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

beforeEach(browserFormData);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('inviting a member', () => {
  it('refuses a bad address and an empty name with the messages, sending nothing', async () => {
    const calls = stubApi({ 'GET /staff': ok(list()) });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Электронная почта'), { target: { value: 'asel@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать приглашение' }));
    expect(await screen.findByText('Укажите адрес почты в виде name@example.kz')).toBeTruthy();
    expect(screen.getByText('Укажите имя')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('sends the address, name and role and shows the link once', async () => {
    const invitation = {
      id: '00000000-0000-4000-8000-0000000000c1',
      email: 'dana@kiim.kz',
      name: 'Дана',
      role: 'catalogue',
      invitedBy: 'Айгерим',
      createdAt: '2026-11-01T10:00:00Z',
      expiresAt: '2026-11-04T10:00:00Z',
    };
    const calls = stubApi({
      'GET /staff': [ok(list()), ok({ ...list(), invitations: [invitation] })],
      'POST /staff/invitations': ok({ invitation, url: 'https://kiim.kz/admin/invitation#secret' }),
    });
    renderScreen();
    fireEvent.change(await screen.findByLabelText('Электронная почта'), {
      target: { value: 'Dana@Kiim.kz' },
    });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Дана' } });
    fireEvent.change(screen.getByLabelText('Роль'), { target: { value: 'catalogue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать приглашение' }));
    expect(await screen.findByText('https://kiim.kz/admin/invitation#secret')).toBeTruthy();
    expect(screen.getByText(/Ссылка показывается один раз и действует 72 часа/)).toBeTruthy();
    expect(writes(calls)).toEqual([
      { key: 'POST /staff/invitations', body: { email: 'dana@kiim.kz', name: 'Дана', role: 'catalogue' } },
    ]);
  });
});

describe('the team', () => {
  it('never offers the member’s own row a role change or an action', async () => {
    stubApi({ 'GET /staff': ok(list(member({}))) });
    renderScreen();
    const own = await rowOf('owner@kiim.kz');
    expect(within(own).getByText('Это вы')).toBeTruthy();
    expect(within(own).queryByRole('combobox')).toBeNull();
    expect(within(own).queryByRole('button')).toBeNull();
    const other = await rowOf('asel@kiim.kz');
    expect(within(other).getByRole('combobox', { name: 'Роль: Асель' })).toBeTruthy();
  });

  it('offers to switch off an active member, to switch on an inactive one, and to reset two-factor only when set', async () => {
    stubApi({
      'GET /staff': ok(
        list(
          member({ twoFactorEnabled: true }),
          member({ id: '00000000-0000-4000-8000-00000000000c', email: 'erlan@kiim.kz', active: false }),
        ),
      ),
    });
    renderScreen();
    const active = await rowOf('asel@kiim.kz');
    expect(
      within(active)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Отключить доступ', 'Сбросить защиту входа']);
    const inactive = await rowOf('erlan@kiim.kz');
    expect(
      within(inactive)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Вернуть доступ']);
    expect(within(inactive).getByText('Отключён')).toBeTruthy();
  });

  it('switches a member off and shows them «Отключён»', async () => {
    const calls = stubApi({
      'GET /staff': [ok(list(member({}))), ok(list(member({ active: false })))],
      [`POST /staff/${ASEL}/deactivate`]: ok({}),
    });
    renderScreen();
    fireEvent.click(within(await rowOf('asel@kiim.kz')).getByRole('button', { name: 'Отключить доступ' }));
    expect(await within(await rowOf('asel@kiim.kz')).findByText('Вернуть доступ')).toBeTruthy();
    expect(writes(calls)).toEqual([{ key: `POST /staff/${ASEL}/deactivate`, body: undefined }]);
  });

  it('shows the API’s refusal on the member’s row', async () => {
    stubApi({
      'GET /staff': ok(list(member({}))),
      [`POST /staff/${ASEL}/deactivate`]: refusal(409, 409, 'Нельзя отключить последнего владельца'),
    });
    renderScreen();
    fireEvent.click(within(await rowOf('asel@kiim.kz')).getByRole('button', { name: 'Отключить доступ' }));
    const row = await rowOf('asel@kiim.kz');
    expect((await within(row).findByRole('alert')).textContent).toBe('Нельзя отключить последнего владельца');
  });

  it('changes a role as soon as another is chosen', async () => {
    const calls = stubApi({
      'GET /staff': [ok(list(member({}))), ok(list(member({ role: 'manager' })))],
      [`PATCH /staff/${ASEL}`]: ok({}),
    });
    renderScreen();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Роль: Асель' }), {
      target: { value: 'manager' },
    });
    await vi.waitFor(() =>
      expect(writes(calls)).toEqual([{ key: `PATCH /staff/${ASEL}`, body: { role: 'manager' } }]),
    );
  });
});
