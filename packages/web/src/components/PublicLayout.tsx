import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { SayPageLive } from '../lib/pageLive';
import { useSession } from '../session/useSession';
import { Footer } from './Footer';
import { PageSkeleton } from './Skeleton';
import { Navbar } from './Navbar';

// The login dialog (and its register and forgot-password forms) is fetched when someone opens it:
// every public page paints without it, which keeps the booking and payment pages within their
// JavaScript budget (bench/bundle-size.mjs).
const LoginModal = lazy(() => import('./LoginModal').then((module) => ({ default: module.LoginModal })));

export function PublicLayout() {
  const { showLogin } = useSession();
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <Navbar />
      <main id="main" className="flex-1">
        {/* A screen-high placeholder keeps the footer below the fold while a page's code arrives,
            so nothing jumps when the page replaces it. */}
        <Suspense
          fallback={
            <div className="min-h-dvh">
              <PageSkeleton label="Loading the page" />
            </div>
          }
        >
          <Outlet />
          <SayPageLive />
        </Suspense>
      </main>
      <Footer />
      {showLogin && (
        <Suspense fallback={null}>
          <LoginModal />
        </Suspense>
      )}
    </div>
  );
}
