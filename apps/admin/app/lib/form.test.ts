import { describe, expect, it } from 'vitest';
import { ApiError, CreateApiKeyBody, InviteStaffBody } from '@kiim/contract';
import { attempt, formObject, submit } from './form.ts';

describe('the back office’s form kit', () => {
  it('reads repeated `name[]` fields as a list, others as text', () => {
    const form = new FormData();
    form.append('name', 'ERP');
    form.append('scopes[]', 'orders.status');
    expect(formObject(form)).toEqual({ name: 'ERP', scopes: ['orders.status'] });
    form.append('scopes[]', 'catalogue.import');
    expect(formObject(form).scopes).toEqual(['orders.status', 'catalogue.import']);
  });

  it('refuses with the contract’s Russian messages before sending anything', async () => {
    let sent = false;
    const r = await submit(InviteStaffBody, { email: 'x', name: '', role: 'boss' }, async () => {
      sent = true;
    });
    expect(sent).toBe(false);
    expect(r).toMatchObject({
      ok: false,
      errors: {
        email: 'Укажите адрес почты в виде name@example.kz',
        name: 'Укажите имя',
        role: 'Выберите роль',
      },
    });
    expect((await submit(CreateApiKeyBody, { name: 'ERP', scopes: [] }, async () => 1)).ok).toBe(false);
  });

  it('sends a valid form and shows the API’s field messages, or its message for the whole form', async () => {
    const ok = await submit(
      InviteStaffBody,
      { email: 'A@Kiim.kz', name: 'Айгерим', role: 'warehouse' },
      async (v) => v.email,
    );
    expect(ok).toMatchObject({ ok: true, data: 'a@kiim.kz' });
    const byField = new ApiError(409, { code: 7008, message: 'Занято', errors: { email: ['Почта занята'] } });
    expect(await attempt(() => Promise.reject(byField))).toMatchObject({
      ok: false,
      errors: { email: 'Почта занята' },
    });
    const whole = new ApiError(403, { code: 7003, message: 'Нет доступа' });
    expect(await attempt(() => Promise.reject(whole))).toMatchObject({
      ok: false,
      errors: { _form: 'Нет доступа' },
    });
  });
});
