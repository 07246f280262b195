import { data, Form, useActionData, useNavigation, useRouteLoaderData } from 'react-router';
import { ApiError, type Customer } from '@kiim/contract';
import { formatPhone } from '@kiim/contract/format';
import type { Route } from './+types/profile';
import { apiFor } from '../../lib/api.server.ts';
import { customerGenderCookie } from '../../lib/customer-gender.server.ts';
import { Field, PasswordField } from '../../components/SignInDialog.tsx';

export const meta: Route.MetaFunction = () => [{ title: 'Профиль — Kiim' }, { name: 'robots', content: 'noindex' }];

/** What a form of the profile answers: which form, its Russian errors by field, or that it was saved. */
interface ProfileResult {
  form: 'profile' | 'password';
  ok?: boolean;
  errors?: Record<string, string>;
  /** What the shopper typed, filled back in after an error. */
  values?: Record<string, string>;
  /** Changes with every answer (a saved password form starts empty again). */
  at?: number;
}

/** First message per field of an API error, or its message for the whole form (`_form`). */
function apiErrors(e: unknown): Record<string, string> {
  if (!(e instanceof ApiError)) throw e;
  const errors: Record<string, string> = {};
  for (const [k, messages] of Object.entries(e.body.errors ?? {})) if (messages[0]) errors[k] = messages[0];
  if (Object.keys(errors).length === 0) errors._form = e.body.message;
  return errors;
}

const PROFILE_FIELDS = ['name', 'surname', 'email', 'gender', 'birthDate'] as const;

/**
 * The profile's two forms (issue 4), chosen by `intent`:
 * - `profile`: name, surname, e-mail, gender, birth date → POST /api/customer/update (an empty optional
 *   field clears it); the gender is also kept in the `customer_gender` cookie (spec §3);
 * - `password`: new password twice, and the current one when set → POST /api/customer/update-password.
 * An expired token is refreshed on the way (spec §8, the API client); errors come back by field in Russian.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (k: string) => String(form.get(k) ?? '').slice(0, 300);
  const api = apiFor(request, context);
  if (text('intent') === 'password') {
    const password = String(form.get('password') ?? '').slice(0, 200);
    const currentPassword = String(form.get('currentPassword') ?? '').slice(0, 200);
    if (password !== String(form.get('passwordRepeat') ?? '').slice(0, 200)) {
      return data<ProfileResult>({ form: 'password', errors: { passwordRepeat: 'Пароли не совпадают' } }, { status: 400 });
    }
    try {
      await api.updatePassword({ password, currentPassword: currentPassword || undefined });
      return data<ProfileResult>({ form: 'password', ok: true, at: Date.now() });
    } catch (e) {
      return data<ProfileResult>({ form: 'password', errors: apiErrors(e) }, { status: e instanceof ApiError ? e.status : 400 });
    }
  }
  const values = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, text(k).trim()]));
  const gender = values.gender === '0' ? 0 : values.gender === '1' ? 1 : null;
  try {
    const customer = await api.updateCustomer({
      name: values.name,
      surname: values.surname || null,
      email: values.email || null,
      gender,
      birthDate: values.birthDate || null,
    });
    return data<ProfileResult>({ form: 'profile', ok: true }, { headers: { 'Set-Cookie': customerGenderCookie(customer.gender) } });
  } catch (e) {
    return data<ProfileResult>({ form: 'profile', errors: apiErrors(e), values }, { status: e instanceof ApiError ? e.status : 400 });
  }
}

/**
 * Profile at the empty child path of /personal (spec §2): view and edit name, surname, e-mail, gender and
 * birth date; the phone number as `+7 xxx xxx xx xx` (spec §5); set or change the password.
 */
export default function Profile() {
  const loaded = useRouteLoaderData<{ customer: Customer }>('routes/personal/layout');
  const result = useActionData<typeof action>() as ProfileResult | undefined;
  const navigation = useNavigation();
  const c = loaded?.customer;
  if (!c) return null;
  const busy = navigation.state !== 'idle';
  const profile = result?.form === 'profile' ? result : undefined;
  const password = result?.form === 'password' ? result : undefined;
  const v = (k: (typeof PROFILE_FIELDS)[number], saved: string | number | null) => profile?.values?.[k] ?? (saved === null ? '' : String(saved));
  const gender = v('gender', c.gender);
  return (
    <section className="profile">
      <h1>Профиль</h1>
      <dl className="details">
        <div>
          <dt>Телефон</dt>
          <dd data-testid="profile-phone">{formatPhone(c.mobile)}</dd>
        </div>
      </dl>

      <Form method="post" className="stack profile__form" aria-labelledby="profile-data-title">
        <h2 id="profile-data-title">Личные данные</h2>
        <input type="hidden" name="intent" value="profile" />
        {profile?.ok && (
          <p className="form-ok" role="status">
            Данные сохранены
          </p>
        )}
        {profile?.errors?._form && (
          <p className="form-error" role="alert">
            {profile.errors._form}
          </p>
        )}
        <div className="profile__grid">
          <Field label="Имя" name="name" defaultValue={v('name', c.name)} error={profile?.errors?.name} autoComplete="given-name" maxLength={50} required />
          <Field label="Фамилия" name="surname" defaultValue={v('surname', c.surname)} error={profile?.errors?.surname} autoComplete="family-name" maxLength={50} />
          <Field label="Электронная почта" name="email" type="email" defaultValue={v('email', c.email)} error={profile?.errors?.email} autoComplete="email" maxLength={254} />
          <Field label="Дата рождения" name="birthDate" type="date" defaultValue={v('birthDate', c.birthDate)} error={profile?.errors?.birthDate} min="1900-01-01" autoComplete="bday" />
        </div>
        <fieldset className="choice" aria-describedby={profile?.errors?.gender ? 'gender-error' : undefined}>
          <legend>Пол</legend>
          {[
            ['0', 'Женский'],
            ['1', 'Мужской'],
            ['', 'Не указан'],
          ].map(([value, label]) => (
            <label key={label} className="choice__item">
              <input type="radio" name="gender" value={value} defaultChecked={gender === value} /> {label}
            </label>
          ))}
          {profile?.errors?.gender && (
            <p className="field-error" id="gender-error" role="alert">
              {profile.errors.gender}
            </p>
          )}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          Сохранить
        </button>
      </Form>

      <Form method="post" className="stack profile__form" aria-labelledby="profile-password-title" key={password?.ok ? `saved-${password.at}` : 'password'}>
        <h2 id="profile-password-title">{c.hasPassword ? 'Изменить пароль' : 'Задать пароль'}</h2>
        <input type="hidden" name="intent" value="password" />
        <p className="muted">
          {c.hasPassword
            ? 'После смены пароля на других устройствах нужно будет войти заново.'
            : 'С паролем можно входить без SMS.'}{' '}
          Пароль: не короче 8 символов, хотя бы одна буква и одна цифра.
        </p>
        {password?.ok && (
          <p className="form-ok" role="status">
            Пароль сохранён
          </p>
        )}
        {password?.errors?._form && (
          <p className="form-error" role="alert">
            {password.errors._form}
          </p>
        )}
        {c.hasPassword && (
          <PasswordField
            label="Текущий пароль"
            name="currentPassword"
            error={password?.errors?.currentPassword}
            autoComplete="current-password"
            required={false}
            hint="Не нужен, если вы вошли по коду из SMS за последние 15 минут."
          />
        )}
        <PasswordField label="Новый пароль" name="password" error={password?.errors?.password} autoComplete="new-password" minLength={8} />
        <PasswordField label="Повторите новый пароль" name="passwordRepeat" error={password?.errors?.passwordRepeat} autoComplete="new-password" />
        <button type="submit" className="button" disabled={busy}>
          {c.hasPassword ? 'Изменить пароль' : 'Задать пароль'}
        </button>
      </Form>
    </section>
  );
}
