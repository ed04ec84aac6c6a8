import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { AboutPage } from '../pages/AboutPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import type { NavItem } from './AppHeader';
import { EditionLayout } from './EditionLayout';
import { RouteCrashPage } from './RouteCrashPage';

export interface EditionRoutesOptions {
  /** The edition's landing page. */
  home: ReactNode;
}

const NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
];

/** Paths are relative to the edition's base URL; anything unknown gets the Not found page. */
export function createEditionRoutes({ home }: EditionRoutesOptions): RouteObject[] {
  return [
    {
      path: '/',
      element: <EditionLayout nav={NAV} />,
      errorElement: <RouteCrashPage />,
      children: [
        { index: true, element: home },
        { path: 'about', element: <AboutPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
