import { TOKEN_STORAGE_KEY } from '@rental/contract/constants';
import { MESSAGES } from '@rental/contract/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import toast from '../lib/toast';
import { useNavigate } from 'react-router';
import { ApiError, callApi, errorMessage, storedToken } from '../api/client';
import { queryKeys } from '../lib/queryKeys';
import { pageDrawnByServer } from '../lib/serverState';
import { type Session, SessionContext } from './sessionContext';

function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Private mode without storage: the session simply lasts as long as the page.
  }
}

/** A refused token (expired, revoked, user gone) is dropped; a server hiccup keeps it for a retry. */
function tokenWasRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A session that simply ended (401) is forgotten quietly: nobody needs a toast for it on every visit. */
function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // On a page the server drew, the first render is a visitor's, as the server's was (decision 075);
  // the stored session is read right after it, as a transition: an urgent update reaching the
  // page's part before its code has hydrated it would make React throw the drawn part away and draw
  // it again (a flash, and a tap held meanwhile lost with the old button); a transition waits.
  const [token, setToken] = useState<string | null>(() => (pageDrawnByServer() ? null : storedToken()));
  useEffect(() => startTransition(() => setToken(storedToken())), []);
  const [showLogin, setShowLoginState] = useState(false);
  const [loginReturnTo, setLoginReturnTo] = useState<string | null>(null);
  const [pickupDate, setPickupDate] = useState('');
  const [returnDate, setReturnDate] = useState('');

  const userQuery = useQuery({
    queryKey: queryKeys.user(token),
    queryFn: () => callApi('userData'),
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const userError = userQuery.error;
  useEffect(() => {
    if (!userError) return;
    if (!sessionEnded(userError)) toast.error(errorMessage(userError), { id: 'user-load' });
    if (tokenWasRefused(userError)) {
      writeToken(null);
      setToken(null);
    }
    navigate('/');
  }, [userError, navigate]);

  // Logging in or out in another tab changes this one too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY || event.key === null) setToken(storedToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setShowLogin = useCallback((show: boolean) => {
    setShowLoginState(show);
    setLoginReturnTo(null);
  }, []);
  const requestLogin = useCallback((returnTo: string) => {
    setShowLoginState(true);
    setLoginReturnTo(returnTo);
  }, []);

  const login = useCallback((newToken: string) => {
    writeToken(newToken);
    setToken(newToken);
  }, []);

  const logoutWith = useCallback(
    (message: string, duration?: number) => {
      writeToken(null);
      setToken(null);
      queryClient.removeQueries({ queryKey: ['user'] });
      queryClient.removeQueries({ queryKey: queryKeys.userBookings });
      queryClient.removeQueries({ queryKey: ['booking'] });
      queryClient.removeQueries({ queryKey: queryKeys.documents });
      toast.success(message, { duration });
    },
    [queryClient],
  );
  const logout = useCallback(() => logoutWith(MESSAGES.loggedOut), [logoutWith]);

  const refetchUser = userQuery.refetch;
  const refreshUser = useCallback(async () => {
    await refetchUser();
  }, [refetchUser]);

  const data = token !== null && userQuery.data ? userQuery.data : null;
  const user = data?.user ?? null;
  // A server older than the drivers answers neither: no details, no check yet.
  const driver = data?.driver ?? null;
  const vetting = data?.vetting ?? null;
  const value = useMemo<Session>(
    () => ({
      user,
      driver,
      vetting,
      isStaff: user?.role === 'owner',
      // A server from before staff roles knows only owners.
      staffRole: user?.role === 'owner' ? (user.staffRole ?? 'owner') : null,
      token,
      userLoading: token !== null && userQuery.isPending && !userQuery.isError,
      showLogin,
      setShowLogin,
      loginReturnTo,
      requestLogin,
      pickupDate,
      setPickupDate,
      returnDate,
      setReturnDate,
      login,
      logout,
      logoutWith,
      refreshUser,
    }),
    [
      user,
      driver,
      vetting,
      token,
      userQuery.isPending,
      userQuery.isError,
      showLogin,
      setShowLogin,
      loginReturnTo,
      requestLogin,
      pickupDate,
      returnDate,
      login,
      logout,
      logoutWith,
      refreshUser,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
