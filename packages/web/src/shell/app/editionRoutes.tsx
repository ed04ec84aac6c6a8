import type { ReactNode } from 'react';
import type { NonIndexRouteObject, RouteObject } from 'react-router';
import { LoadingStatus } from '../../ui/Spinner';
import { AboutPage } from '../pages/AboutPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import type { NavItem } from './AppHeader';
import { EditionLayout } from './EditionLayout';
import { RouteCrashPage } from './RouteCrashPage';

/** A page an edition adds, listed in its navigation between Home and About. */
export interface EditionPage {
  /** Relative to the edition's base, e.g. 'widgets'. */
  path: string;
  /** Its name in the navigation. */
  label: string;
  /** false: reached from another page (a task of the list), not listed in the navigation. */
  nav?: boolean;
  /** The page itself, or `lazy` to load its code only when it is first opened. */
  element?: ReactNode;
  lazy?: NonIndexRouteObject['lazy'];
}

export interface EditionRoutesOptions {
  /** The edition's landing page. */
  home: ReactNode;
  pages?: readonly EditionPage[];
}

/** Paths are relative to the edition's base URL; anything unknown gets the Not found page. */
export function createEditionRoutes({ home, pages = [] }: EditionRoutesOptions): RouteObject[] {
  const nav: NavItem[] = [
    { to: '/', label: 'Home' },
    ...pages.filter((page) => page.nav !== false).map((page) => ({ to: `/${page.path}`, label: page.label })),
    { to: '/about', label: 'About' },
  ];
  return [
    {
      path: '/',
      element: <EditionLayout nav={nav} />,
      errorElement: <RouteCrashPage />,
      children: [
        { index: true, element: home },
        ...pages.map(({ path, element, lazy }): RouteObject => ({
          path,
          element,
          lazy,
          // Opened directly (a bookmark, a reload), a lazy page shows this while its code loads.
          hydrateFallbackElement: lazy ? <LoadingStatus className="mw-page-loading" /> : undefined,
        })),
        { path: 'about', element: <AboutPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
