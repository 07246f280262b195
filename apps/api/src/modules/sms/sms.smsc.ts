import {
  SmsProviderError,
  postForm,
  recordSent,
  type SmsProvider,
  type SmsProviderDeps,
} from './sms.provider.ts';

/** SMSC.kz settings from configuration (`SMSC_*`). */
export interface SmscOptions {
  /** API origin, e.g. `https://smsc.kz`. */
  apiUrl: string;
  login: string;
  password: string;
  /** Registered sender name; the gateway's default when undefined. */
  sender: string | undefined;
  timeoutMs: number;
}

interface SmscAnswer {
  id?: number | string;
  cnt?: number;
  error?: string;
  error_code?: number;
}

/** SMSC error code → what it means for the shop (design/payments-sms.md §2 SMSC.kz). */
function smscFailure(answer: SmscAnswer): SmsProviderError {
  const code = answer.error_code ?? null;
  const text = `error_code ${code}: ${answer.error ?? ''}`.trim();
  // 7 wrong phone format, 8 cannot be delivered to this number.
  if (code === 7 || code === 8) return new SmsProviderError('recipient', 'smsc', code, text);
  // 9 too many identical requests to one number within a minute.
  if (code === 9) return new SmsProviderError('throttled', 'smsc', code, text, 60);
  // 1 parameters, 2 credentials, 3 no funds, 4 IP blocked, 6 message forbidden, anything unknown.
  return new SmsProviderError('unavailable', 'smsc', code, text);
}

/**
 * SMSC.kz adapter (design/payments-sms.md): `POST {apiUrl}/sys/send.php`, form-encoded `login`, `psw`,
 * `phones`, `mes`, optional `sender`, `charset=utf-8`, `fmt=3` (JSON). Answer `{id, cnt}` → sent;
 * `{error, error_code}` → {@link SmsProviderError}.
 */
export function createSmscProvider(deps: SmsProviderDeps, opts: SmscOptions): SmsProvider {
  return {
    name: 'smsc',
    async send(mobile, text) {
      const form: Record<string, string> = {
        login: opts.login,
        psw: opts.password,
        phones: mobile,
        mes: text,
        charset: 'utf-8',
        fmt: '3',
      };
      if (opts.sender) form.sender = opts.sender;
      const answer = (await postForm(
        'smsc',
        new URL('/sys/send.php', opts.apiUrl),
        form,
        opts.timeoutMs,
      )) as SmscAnswer;
      if (answer.error_code !== undefined || answer.error !== undefined || answer.id === undefined) {
        throw smscFailure(answer);
      }
      await recordSent(deps, 'smsc', mobile, text, String(answer.id));
    },
  };
}
