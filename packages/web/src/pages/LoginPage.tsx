import { Navigate, useLocation, useNavigate } from 'react-router';
import { AuthForm } from '../components/AuthForm';
import { usePageMeta } from '../lib/usePageMeta';
import { useSession } from '../session/useSession';

/** Where to go after logging in: the page that sent the visitor here, never another site. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login') ? from : '/';
}

/** What that page had chosen (e.g. the payment method), handed back to it after the login. */
export function returnState(state: unknown): unknown {
  return (state as { fromState?: unknown } | null)?.fromState ?? null;
}

export default function LoginPage() {
  usePageMeta('Login', 'Log in or create an account to reserve a car and follow your bookings.');
  const { token } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPath(location.state);
  const targetState = returnState(location.state);

  if (token) return <Navigate to={target} state={targetState} replace />;

  return (
    <div className="container-page flex justify-center py-12 sm:py-16">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {target !== '/' && (
          <p className="mb-4 rounded-lg bg-primary-light px-3 py-2 text-sm text-slate-800">
            Log in to continue where you left off.
          </p>
        )}
        <AuthForm onSuccess={() => navigate(target, { replace: true, state: targetState })} />
      </div>
    </div>
  );
}
