import { useLocation } from 'react-router';
import { useSession } from '../session/useSession';

/** A page that needs a login says so; the dialog it opens keeps the person on this page afterwards. */
export function LoginPrompt({ title, text }: { title: string; text: string }) {
  const { requestLogin } = useSession();
  const { pathname, search } = useLocation();
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <p className="text-lg font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-slate-600">{text}</p>
      <button type="button" className="btn-primary mt-5" onClick={() => requestLogin(pathname + search)}>
        Login
      </button>
    </div>
  );
}
