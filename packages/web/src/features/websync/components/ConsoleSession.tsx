/**
 * The console's start-up loads (websync spec, "Startup order"): the user's settings (client view)
 * and the filter lists, before any page shows. If either fails the console stops there: a 403 shows
 * the access-denied page with its log-off button, anything else the fatal error page.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { ConsoleUser, FilterChoices } from '@manway/core/api/websync';
import { showErrorPage } from '../../../shell/errors/errorPageSlice';
import { ACCESS_DENIED_PAGE, FATAL_ERROR_PAGE } from '../../../shell/errors/errorPages';
import { useAppDispatch } from '../../../shell/store/hooks';
import { LoadingStatus } from '../../../ui/Spinner';
import { useConsoleUserQuery } from '../api/consoleUser';
import { useSyncFilterChoicesQuery } from '../api/filters';

export interface ConsoleSession {
  user: ConsoleUser;
  filters: FilterChoices;
}

const ConsoleSessionContext = createContext<ConsoleSession | null>(null);

/** The loaded session; only rendered inside ConsoleSessionProvider, which waits for it. */
export function useConsoleSession(): ConsoleSession | null {
  return useContext(ConsoleSessionContext);
}

/** A failed call's status; none for an answer that did not match its contract. */
const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;

export function ConsoleSessionProvider({ children }: { children: (session: ConsoleSession) => ReactNode }) {
  const dispatch = useAppDispatch();
  const user = useConsoleUserQuery();
  const filters = useSyncFilterChoicesQuery();
  const failure = user.error ?? filters.error;

  useEffect(() => {
    if (!failure) return;
    const status = statusOf(failure);
    // 401 is the request layer's: it is already taking the user to sign in.
    if (status === 401) return;
    dispatch(showErrorPage(status === 403 ? ACCESS_DENIED_PAGE : FATAL_ERROR_PAGE));
  }, [dispatch, failure]);

  const session = useMemo(
    () => (user.data && filters.data ? { user: user.data, filters: filters.data } : null),
    [user.data, filters.data],
  );
  if (!session) return <LoadingStatus />;
  return <ConsoleSessionContext value={session}>{children(session)}</ConsoleSessionContext>;
}
