/**
 * The console's start-up loads (websync spec, "Startup order"): the user's settings (client view)
 * and the filter lists, before any page shows. If either fails the console stops there: a 403 shows
 * the access-denied page with its log-off button, anything else the fatal error page.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ConsoleUser, FilterChoices } from '@manway/core/api/websync';
import { showErrorPage } from '../../../shell/errors/errorPageSlice';
import { ACCESS_DENIED_PAGE, FATAL_ERROR_PAGE } from '../../../shell/errors/errorPages';
import { isRequestError } from '../../../shell/request/request';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { getFilterChoices, getUserByLogin } from '../api/websyncApi';

export interface ConsoleSession {
  user: ConsoleUser;
  filters: FilterChoices;
}

const ConsoleSessionContext = createContext<ConsoleSession | null>(null);

/** The loaded session; only rendered inside ConsoleSessionProvider, which waits for it. */
export function useConsoleSession(): ConsoleSession | null {
  return useContext(ConsoleSessionContext);
}

export function ConsoleSessionProvider({ children }: { children: (session: ConsoleSession) => ReactNode }) {
  const dispatch = useAppDispatch();
  const [session, setSession] = useState<ConsoleSession | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([dispatch(getUserByLogin()), dispatch(getFilterChoices())]).then(
      ([user, filters]) => live && setSession({ user, filters }),
      (error: unknown) => {
        if (!live) return;
        // 401 is the request layer's: it is already taking the user to sign in.
        if (isRequestError(error) && error.status === 401) return;
        const denied = isRequestError(error) && error.status === 403;
        dispatch(showErrorPage(denied ? ACCESS_DENIED_PAGE : FATAL_ERROR_PAGE));
      },
    );
    return () => {
      live = false;
    };
  }, [dispatch]);

  if (!session) return <LoadingStatus />;
  return <ConsoleSessionContext value={session}>{children(session)}</ConsoleSessionContext>;
}
