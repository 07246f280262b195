import { describe, expect, it } from 'vitest';
import { ApiError, ProfileForm, RegisterConfirmForm, ChangePasswordForm } from '@kiim/contract';
import { apiMessages, parseWith, refuse } from './form.server.ts';

describe('the form kit reads forms with the contract schemas', () => {
  it('answers the first message per field, the same the API gives', () => {
    const parsed = parseWith(RegisterConfirmForm, {
      mobile: '',
      name: 'Айгерим',
      surname: '',
      code: '12',
      password: 'short',
    });
    expect(parsed).toEqual({
      ok: false,
      errors: {
        mobile: 'Укажите номер телефона',
        code: 'Код состоит из 6 цифр',
        password: 'Пароль должен быть не короче 8 символов и содержать хотя бы одну букву и одну цифру',
      },
    });
  });

  it('turns a posted profile into the update call: empty optional fields clear, gender as a number', () => {
    expect(
      parseWith(ProfileForm, {
        name: ' Айгерим ',
        surname: '',
        email: 'A@Mail.kz',
        gender: '0',
        birthDate: '',
      }),
    ).toEqual({
      ok: true,
      value: { name: 'Айгерим', surname: null, email: 'a@mail.kz', gender: 0, birthDate: null },
    });
    expect(parseWith(ProfileForm, { name: 'Айгерим', gender: '7' })).toMatchObject({
      ok: false,
      errors: { gender: 'Пол: 0 — женский, 1 — мужской' },
    });
  });

  it('a repeated password that differs is refused beside the repeat', () => {
    expect(
      parseWith(ChangePasswordForm, {
        password: 'Tulpar2027',
        passwordRepeat: 'Tulpar2028',
        currentPassword: '',
      }),
    ).toEqual({
      ok: false,
      errors: { passwordRepeat: 'Пароли не совпадают' },
    });
  });

  it('answers API refusals by field, or for the whole form, in the same shape', async () => {
    const byField = new ApiError(400, {
      code: 1000,
      message: 'bad',
      errors: { mobile: ['Укажите казахстанский мобильный номер'] },
    });
    expect(apiMessages(byField)).toEqual({ mobile: 'Укажите казахстанский мобильный номер' });
    expect(apiMessages(new ApiError(429, { code: 2010, message: 'Слишком много попыток' }))).toEqual({
      _form: 'Слишком много попыток',
    });
    expect(() => apiMessages(new Error('bug'))).toThrow('bug');
    const reply = refuse(
      { password: 'x' },
      { mobile: '7701', password: 'secret', code: '123456' },
      { keep: ['mobile'], status: 422 },
    );
    expect(reply.init?.status).toBe(422);
    expect(reply.data).toMatchObject({ ok: false, errors: { password: 'x' }, values: { mobile: '7701' } });
  });
});
