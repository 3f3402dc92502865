import { phoneHref } from '@rental/contract/company';
import { LayoutDashboard, LogIn, LogOut, Menu, Phone, UserRound, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/useSession';
import { Logo } from './Logo';
import { useCompany, useCompanyContacts } from '../company/useCompany';

const LINKS = [
  { to: '/', label: 'Home' },
  { to: '/cars', label: 'Vehicles' },
  { to: '/about-us', label: 'About Us' },
  { to: '/my-bookings', label: 'My Bookings' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium whitespace-nowrap transition-colors ${isActive ? 'text-primary' : 'text-slate-700 hover:text-primary'}`;

export function Navbar() {
  const { user, isStaff, token, setShowLogin, logout } = useSession();
  // No placeholder phone: until the company's own is saved, the help line is not shown.
  const contacts = useCompanyContacts();
  const company = useCompany();
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  // close the mobile menu whenever the page changes
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  const loggedIn = token !== null;
  const authButton = loggedIn ? (
    <button type="button" className="btn-secondary px-4 py-2 whitespace-nowrap" title="Logout" onClick={logout}>
      <LogOut aria-hidden="true" size={18} />
      {/* Beside the other buttons on a laptop the icon alone fits; the word is still its name. */}
      <span className="lg:max-xl:sr-only">Logout</span>
    </button>
  ) : (
    <button
      type="button"
      className="btn-primary px-4 py-2"
      onClick={() => {
        setMenuOpen(false);
        setShowLogin(true);
      }}
    >
      <LogIn aria-hidden="true" size={18} />
      Login
    </button>
  );
  const accountLink = loggedIn ? (
    <NavLink
      to="/account"
      title="My Account"
      className={({ isActive }) => `btn-secondary px-4 py-2 whitespace-nowrap ${isActive ? 'border-primary text-primary' : ''}`}
    >
      <UserRound aria-hidden="true" size={18} />
      <span className="lg:max-xl:sr-only">My Account</span>
    </NavLink>
  ) : null;
  const dashboardButton = isStaff ? (
    <button type="button" className="btn-secondary px-4 py-2" onClick={() => navigate('/owner')}>
      <LayoutDashboard aria-hidden="true" size={18} />
      Dashboard
    </button>
  ) : null;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" aria-label={company.name ? `${company.name} – home` : 'Home'} className="min-w-0 shrink rounded-md">
          <Logo />
        </Link>

        <ul className="hidden items-center gap-1 lg:flex">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="hidden items-center gap-3 lg:flex">
          {/* Staff on a laptop need the room for their Dashboard button more than the help line. */}
          {contacts && (
            <a
              href={phoneHref(contacts.phone)}
              className={`flex items-center gap-2 rounded-md text-sm whitespace-nowrap text-slate-700 hover:text-primary ${isStaff ? 'max-2xl:hidden' : ''}`}
            >
              <Phone aria-hidden="true" size={16} />
              <span>
                <span className="block text-xs text-slate-500">Need help?</span>
                <span className="font-semibold">{contacts.phone}</span>
              </span>
            </a>
          )}
          {dashboardButton}
          {accountLink}
          {authButton}
        </div>

        <button
          type="button"
          className="grid h-11 w-11 place-items-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </nav>

      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="container-page flex flex-col py-2">
          {LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'} className={(s) => `block ${linkClass(s)}`}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="container-page flex flex-col gap-3 border-t border-slate-100 py-4">
          {contacts && (
            <a href={phoneHref(contacts.phone)} className="flex items-center gap-2 text-slate-700">
              <Phone aria-hidden="true" size={16} />
              Need help? <span className="font-semibold">{contacts.phone}</span>
            </a>
          )}
          {user && <p className="text-sm text-slate-500">Signed in as {user.name}</p>}
          <div className="flex flex-wrap gap-3">
            {dashboardButton}
            {accountLink}
            {authButton}
          </div>
        </div>
      </div>
    </header>
  );
}
