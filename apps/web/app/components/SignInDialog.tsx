import { Form, Link, useLocation, useNavigation, type Location } from 'react-router';
import { formatPhone } from '@kiim/contract/format';

const SIGNIN_PARAMS = ['signin', 'mobile', 'signinError'];

/** The current address without the sign-in dialog's own parameters. */
export function pathWithoutSignIn(location: Pick<Location, 'pathname' | 'search'>): string {
  const q = new URLSearchParams(location.search);
  for (const p of SIGNIN_PARAMS) q.delete(p);
  const s = q.toString();
  return location.pathname + (s ? `?${s}` : '');
}

/** Link that opens the sign-in dialog over the current page (`?signin=phone`). */
export function signInHref(location: Pick<Location, 'pathname' | 'search'>, returnTo?: string): string {
  const q = new URLSearchParams(location.search);
  for (const p of SIGNIN_PARAMS) q.delete(p);
  q.set('signin', 'phone');
  if (returnTo) q.set('returnTo', returnTo);
  return `${location.pathname}?${q}`;
}

/**
 * Sign-in by mobile number and SMS code, as a dialog over any page. Its state lives in the URL
 * (`?signin=phone` → `?signin=code&mobile=…`), its forms post to `/auth/sign-in`, so it works before
 * JavaScript has loaded.
 */
export function SignInDialog() {
  const location = useLocation();
  const navigation = useNavigation();
  const q = new URLSearchParams(location.search);
  const step = q.get('signin');
  if (step !== 'phone' && step !== 'code') return null;
  const mobile = q.get('mobile') ?? '';
  const error = q.get('signinError');
  const base = pathWithoutSignIn(location);
  const returnTo = q.get('returnTo') ?? base;
  const busy = navigation.state !== 'idle';
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="signin-title">
        <Link to={base} className="dialog__close" aria-label="Закрыть" preventScrollReset>
          ×
        </Link>
        <h2 id="signin-title">Вход в Kiim</h2>
        {step === 'phone' ? (
          <Form method="post" action="/auth/sign-in" className="stack">
            <p className="muted">Введите номер мобильного телефона — мы пришлём SMS с кодом для входа.</p>
            <input type="hidden" name="intent" value="send-code" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="from" value={base} />
            <label className="field">
              <span>Номер телефона</span>
              <input
                name="mobile"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+7 7__ ___ __ __"
                defaultValue={mobile ? formatPhone(mobile) : ''}
                required
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'signin-error' : undefined}
              />
            </label>
            {error && <p className="field-error" id="signin-error" role="alert">{error}</p>}
            <button className="button button--primary" type="submit" disabled={busy}>
              Получить код
            </button>
          </Form>
        ) : (
          <Form method="post" action="/auth/sign-in" className="stack">
            <p className="muted">
              Мы отправили код на номер <strong>{formatPhone(mobile)}</strong>.{' '}
              <Link to={`${base}${base.includes('?') ? '&' : '?'}signin=phone&mobile=${mobile}`} preventScrollReset>
                Изменить номер
              </Link>
            </p>
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="returnTo" value={returnTo} />
            <input type="hidden" name="from" value={base} />
            <input type="hidden" name="mobile" value={mobile} />
            <label className="field">
              <span>Код из SMS</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
                placeholder="••••••"
                required
                autoFocus
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'signin-error' : undefined}
              />
            </label>
            {error && <p className="field-error" id="signin-error" role="alert">{error}</p>}
            <button className="button button--primary" type="submit" disabled={busy}>
              Войти
            </button>
            <button className="button button--link" type="submit" name="intent" value="send-code" formNoValidate disabled={busy}>
              Отправить код ещё раз
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}
