import { useEffect, useState } from 'react';
import { useT } from '../../lib/text.ts';

/**
 * «Отправить код ещё раз»: a submit button naming `intent` (the action reads the last `intent`, so it overrides
 * the form's own). After a send it counts down the seconds the API asks to wait (60 s, or a 429's
 * Retry-After) and stays disabled meanwhile; `waitKey` changes with every send, so the countdown restarts.
 * Before JavaScript it is always enabled (the API still refuses an early resend with a Russian message).
 */
export function ResendButton({
  intent,
  busy,
  waitSeconds,
  waitKey,
}: {
  intent: string;
  busy: boolean;
  waitSeconds?: number;
  waitKey: string;
}) {
  const t = useT();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const seconds = waitSeconds && Number.isFinite(waitSeconds) ? Math.min(waitSeconds, 24 * 3600) : 0;
    const end = Date.now() + seconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [waitSeconds, waitKey]);
  const waiting = left > 0;
  const mmss = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <button
      className="button button--link"
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      disabled={busy || waiting}
      data-testid="resend-code"
    >
      {waiting ? t('signIn.resendIn', { mmss }) : t('signIn.resend')}
    </button>
  );
}
