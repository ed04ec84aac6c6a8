import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { EDITION_NAMES } from '@manway/core/editions';
import { Button } from '../../ui/controls/Button';
import { signOut } from '../account/account';
import { useBreakpoint } from '../../ui/responsive/breakpoints';
import { useRuntimeConfig } from '../runtimeConfigContext';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import './AppHeader.css';

export interface NavItem {
  to: string;
  label: string;
}

/** Product and edition, the edition's pages, and who is signed in with the way out. */
export function AppHeader({ nav }: { nav: NavItem[] }) {
  const { edition } = useRuntimeConfig();
  const displayName = useAppSelector((state) => state.settings.data?.user.displayName ?? '');
  const dispatch = useAppDispatch();
  const compact = useBreakpoint() === 'mobile';
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();

  return (
    <header className="mw-header">
      <Link to="/" className="mw-header__brand" aria-label={`Manway ${EDITION_NAMES[edition]} home`}>
        {/* The space keeps the visible words inside the link's name ('Manway Office home'). */}
        <span className="mw-header__product">Manway</span>{' '}
        <span className="mw-header__edition">{EDITION_NAMES[edition]}</span>
      </Link>
      {compact && (
        <Button
          variant="ghost"
          className="mw-header__menu"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </Button>
      )}
      <nav id={navId} className="mw-header__nav" aria-label="Main" hidden={compact && !menuOpen}>
        <ul>
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end onClick={() => setMenuOpen(false)}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mw-header__user">
        <span className="mw-header__name" data-testid="user-display-name">
          {displayName}
        </span>
        <Button variant="primary" onClick={() => void dispatch(signOut())}>
          Sign out
        </Button>
      </div>
    </header>
  );
}
