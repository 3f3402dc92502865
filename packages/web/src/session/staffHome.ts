import type { User } from '@rental/contract/schemas';

/**
 * Where a person lands after logging in from the navigation bar: a counter agent at the desk (the
 * day's pickups and returns are their work), an owner or manager at the dashboard; a customer on /,
 * as SPEC.md has it. A page that asked for the login keeps the person there instead.
 */
export function homeAfterLogin(user: Pick<User, 'role' | 'staffRole'> | null | undefined): string {
  if (user?.role !== 'owner') return '/';
  return user.staffRole === 'agent' ? '/owner/desk' : '/owner';
}
