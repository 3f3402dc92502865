import { X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../session/useSession';
import { AuthForm } from './AuthForm';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function LoginModal() {
  const { setShowLogin, loginReturnTo } = useSession();
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const close = () => setShowLogin(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialogRef.current?.querySelector<HTMLElement>('input')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      // Back to the button that opened the dialog, so keyboard users keep their place.
      opener?.focus();
    };
  }, []);

  // Tab and Shift+Tab cycle inside the dialog; Escape closes it.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // oxlint-disable-next-line jsx-a11y/no-static-element-interactions -- the backdrop click is a mouse shortcut; Escape and the close button do the same
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onKeyDown={onKeyDown}
      data-testid="login-backdrop"
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        className="relative max-h-full w-full max-w-sm overflow-y-auto rounded-xl bg-white p-6 pt-10 shadow-xl sm:p-8 sm:pt-10"
      >
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-2 right-2 grid h-10 w-10 place-items-center rounded-lg text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" size={20} />
        </button>
        <AuthForm
          headingId={headingId}
          onSuccess={(home) => {
            close();
            // A page that asked for the login keeps the person where they were; the navigation
            // bar's Login leads a customer to / (as SPEC.md has it) and staff to their work.
            if (loginReturnTo === null) navigate(home);
          }}
        />
      </div>
    </div>
  );
}
