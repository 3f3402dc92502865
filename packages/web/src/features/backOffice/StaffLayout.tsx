/** The staff area's frame: its own header and side menu instead of the public navbar and footer. */
import { CarFront, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useSession } from '../../session/useSession';
import { useCompany } from '../../company/useCompany';
import { StaffSideMenu } from './StaffSideMenu';

export function StaffLayout() {
  const { user, logout } = useSession();
  const company = useCompany();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // a new page closes the phone menu (NewPageAtTop brings it to its top)
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#owner-main" className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-2">
          <button
            type="button"
            className="grid h-11 w-11 shrink-0 place-items-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="owner-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </button>
          <Link to="/" className="flex shrink-0 items-center gap-2 rounded-md font-semibold" aria-label={company.name ? `${company.name} – home` : 'Home'}>
            <span className="grid h-9 w-9 place-items-center rounded-lg bg-primary text-white">
              <CarFront aria-hidden="true" size={20} />
            </span>
            <span className="hidden text-lg text-slate-900 sm:inline">{company.name}</span>
          </Link>
        </div>
        <div className="flex min-w-0 items-center gap-2 sm:gap-4">
          <p className="truncate text-sm text-slate-700 sm:text-base">
            Welcome, <span className="font-semibold text-slate-900">{user?.name || 'Owner'}</span>
          </p>
          <button type="button" className="btn-secondary shrink-0 px-3 py-2" onClick={logout}>
            <LogOut aria-hidden="true" size={18} />
            <span className="hidden sm:inline">Logout</span>
            <span className="sr-only sm:hidden">Logout</span>
          </button>
        </div>
      </header>

      {/* At least a screen tall, so the side menu's panel reaches the bottom even on a short page. */}
      <div className="flex min-h-[calc(100dvh-4rem)]">
        {menuOpen && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden="true"
            className="fixed inset-0 top-16 z-20 bg-slate-900/40 md:hidden"
            onClick={() => setMenuOpen(false)}
          />
        )}
        {/* From md the panel stretches with the page while its contents stay in view below the header. */}
        <aside
          id="owner-menu"
          className={`${menuOpen ? 'block' : 'hidden'} fixed top-16 bottom-0 left-0 z-30 w-72 max-w-[85vw] overflow-y-auto border-r border-slate-200 bg-white md:static md:block md:w-60 md:max-w-none md:shrink-0 md:overflow-visible`}
        >
          <div className="md:sticky md:top-16 md:max-h-[calc(100dvh-4rem)] md:overflow-y-auto">
            <StaffSideMenu />
          </div>
        </aside>
        <main id="owner-main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 md:py-8 xl:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
