import { Link } from 'react-router';
import { usePageMeta } from '../lib/usePageMeta';

export default function NotFoundPage() {
  usePageMeta('Page not found', 'This page does not exist. Browse our vehicles or go back to the home page.');
  return (
    <div className="container-page flex flex-col items-center py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">We could not find that page</h1>
      <p className="mt-2 max-w-md text-slate-600">The link may be old or mistyped. Our cars are still here, though.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to="/cars" className="btn-secondary">
          Browse vehicles
        </Link>
      </div>
    </div>
  );
}
