import { createContext, useContext } from 'react';
import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

/**
 * The date-fns locale for every date the widgets show. An edition provides the user's locale;
 * tests get the same text on every machine because nothing is read from the environment.
 */
export const DateLocaleContext = createContext<Locale>(enUS);

export function useDateLocale(): Locale {
  return useContext(DateLocaleContext);
}
