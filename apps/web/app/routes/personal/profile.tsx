import { data, Form, useActionData, useNavigation, useRouteLoaderData } from 'react-router';
import { ChangePasswordForm, ProfileForm, type Customer } from '@kiim/contract';
import { formatPhone } from '@kiim/contract/format';
import type { Route } from './+types/profile';
import { apiFor } from '../../lib/api.server.ts';
import { customerGenderCookie } from '../../lib/customer-gender.server.ts';
import { repliedTo, type FormReply } from '../../lib/form.ts';
import { apiMessages, formValues, parseWith, refuse, statusOf, readForm } from '../../lib/form.server.ts';
import { metaT, useT } from '../../lib/text.ts';
import { ChoiceGroup, Field, FormAlert, FormSaved, PasswordField } from '../../components/form/Field.tsx';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches)('profile.meta') },
  { name: 'robots', content: 'noindex' },
];

const PROFILE_FIELDS = ['name', 'surname', 'email', 'gender', 'birthDate', 'language'] as const;

/** A form of the profile saved in place. */
const saved = (form: string, init?: ResponseInit) =>
  data<FormReply>({ form, ok: true, errors: {}, values: {}, at: Date.now() }, init);

/**
 * The profile's two forms (issue 4), chosen by `intent`, each read with its contract schema first:
 * - `profile` (`ProfileForm`): name, surname, e-mail, gender, birth date, the language of the SMS and emails
 *   about orders (issue 13) → POST /api/customer/update (an empty
 *   optional field clears it); the gender is also kept in the `customer_gender` cookie (spec §3);
 * - `password` (`ChangePasswordForm`): new password twice, and the current one when set →
 *   POST /api/customer/update-password.
 * An expired token is refreshed on the way (spec §8, the API client); messages come back by field in Russian.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readForm(request));
  const api = apiFor(request, context);
  const form = values.intent === 'password' ? 'password' : 'profile';
  const parsed = form === 'password' ? parseWith(ChangePasswordForm, values) : parseWith(ProfileForm, values);
  const keep = form === 'profile' ? PROFILE_FIELDS : [];
  if (!parsed.ok) return refuse(parsed.errors, values, { form, keep });
  try {
    if ('passwordRepeat' in parsed.value) {
      await api.updatePassword({
        password: parsed.value.password,
        currentPassword: parsed.value.currentPassword,
      });
      return saved(form);
    }
    const customer = await api.updateCustomer(parsed.value);
    return saved(form, { headers: { 'Set-Cookie': customerGenderCookie(customer.gender) } });
  } catch (e) {
    return refuse(apiMessages(e), values, { form, keep, status: statusOf(e) });
  }
}

/**
 * Profile at the empty child path of /personal (spec §2): view and edit name, surname, e-mail, gender and
 * birth date; the phone number as `+7 xxx xxx xx xx` (spec §5); set or change the password.
 */
export default function Profile() {
  const t = useT();
  const customer = useRouteLoaderData<{ customer: Customer }>('routes/personal/layout')?.customer;
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const busy = useNavigation().state !== 'idle';
  if (!customer) return null;
  return (
    <section className="profile">
      <h1>{t('profile.title')}</h1>
      <dl className="details">
        <div>
          <dt>{t('profile.phone')}</dt>
          <dd data-testid="profile-phone">{formatPhone(customer.mobile)}</dd>
        </div>
      </dl>
      <PersonalDataForm customer={customer} reply={repliedTo(reply, 'profile')} busy={busy} />
      <PasswordForm customer={customer} reply={repliedTo(reply, 'password')} busy={busy} />
    </section>
  );
}

/** Name, surname, e-mail, birth date, gender and language; what was typed comes back after a refusal. */
function PersonalDataForm({
  customer,
  reply,
  busy,
}: {
  customer: Customer;
  reply?: FormReply;
  busy: boolean;
}) {
  const t = useT();
  const v = (k: (typeof PROFILE_FIELDS)[number]) =>
    reply?.values[k] ?? (customer[k] === null ? '' : String(customer[k]));
  const errors = reply?.errors ?? {};
  const field = (name: (typeof PROFILE_FIELDS)[number]) => ({
    name,
    defaultValue: v(name),
    error: errors[name],
  });
  return (
    <Form method="post" className="stack profile__form" aria-labelledby="profile-data-title" noValidate>
      <h2 id="profile-data-title">{t('profile.personal')}</h2>
      <input type="hidden" name="intent" value="profile" />
      <FormSaved shown={reply?.ok}>{t('profile.saved')}</FormSaved>
      <FormAlert message={errors._form} />
      <div className="profile__grid">
        <Field label={t('profile.name')} autoComplete="given-name" required {...field('name')} />
        <Field label={t('profile.surname')} autoComplete="family-name" {...field('surname')} />
        <Field label={t('profile.email')} type="email" autoComplete="email" {...field('email')} />
        <Field label={t('profile.birthDate')} type="date" autoComplete="bday" {...field('birthDate')} />
      </div>
      <ChoiceGroup
        legend={t('profile.gender')}
        name="gender"
        options={[
          ['0', t('profile.female')],
          ['1', t('profile.male')],
          ['', t('profile.genderUnset')],
        ]}
        defaultValue={v('gender')}
        error={errors.gender}
      />
      <ChoiceGroup
        legend={t('profile.language')}
        name="language"
        options={[
          ['ru', t('profile.languageRu')],
          ['kk', t('profile.languageKk')],
        ]}
        defaultValue={v('language')}
        error={errors.language}
      />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('profile.save')}
      </button>
    </Form>
  );
}

/** Set or change the password (the current one asked when set); a saved form starts empty again. */
function PasswordForm({ customer, reply, busy }: { customer: Customer; reply?: FormReply; busy: boolean }) {
  const t = useT();
  const errors = reply?.errors ?? {};
  const title = customer.hasPassword ? t('profile.changePassword') : t('profile.setPassword');
  return (
    <Form
      method="post"
      className="stack profile__form"
      aria-labelledby="profile-password-title"
      key={reply?.ok ? `saved-${reply.at}` : 'password'}
      noValidate
    >
      <h2 id="profile-password-title">{title}</h2>
      <input type="hidden" name="intent" value="password" />
      <p className="muted">
        {customer.hasPassword ? t('profile.changeNote') : t('profile.setNote')} {t('form.passwordRule')}
      </p>
      <FormSaved shown={reply?.ok}>{t('profile.passwordSaved')}</FormSaved>
      <FormAlert message={errors._form} />
      {customer.hasPassword && (
        <PasswordField
          label={t('profile.currentPassword')}
          name="currentPassword"
          error={errors.currentPassword}
          autoComplete="current-password"
          required={false}
          hint={t('profile.currentPasswordHint')}
        />
      )}
      <PasswordField
        label={t('profile.newPassword')}
        name="password"
        error={errors.password}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('profile.repeatPassword')}
        name="passwordRepeat"
        error={errors.passwordRepeat}
        autoComplete="new-password"
      />
      <button type="submit" className="button" disabled={busy}>
        {title}
      </button>
    </Form>
  );
}
