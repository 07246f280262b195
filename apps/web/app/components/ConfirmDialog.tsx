import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useT } from '../lib/text.ts';

/**
 * A modal confirmation (e.g. the product removal modal of spec §2) whose open state lives in the URL, so it
 * renders on the server and works before JavaScript has loaded: closing is a link to `closeHref`. With
 * JavaScript it also takes focus when it opens, keeps Tab inside, and closes on Escape.
 * `children` are the actions (forms and buttons); the first focusable one gets the focus.
 */
export function ConfirmDialog({
  title,
  closeHref,
  children,
  testId,
}: {
  title: string;
  closeHref: string;
  children: ReactNode;
  testId?: string;
}) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focusable = () =>
      Array.from(
        dialog.querySelectorAll<HTMLElement>('button:not([disabled]), a[href], input:not([type="hidden"])'),
      );
    const before = document.activeElement as HTMLElement | null;
    focusable()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        navigate(closeHref, { preventScrollReset: true, replace: true });
      } else if (e.key === 'Tab') {
        const items = focusable();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (before?.isConnected) before.focus();
    };
  }, [closeHref, navigate]);

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={ref}
        data-testid={testId}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <Link
          to={closeHref}
          className="dialog__close"
          aria-label={t('common.close')}
          preventScrollReset
          replace
        >
          ×
        </Link>
      </div>
    </div>
  );
}
