import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { type KeyArea, homePage, keyAreaSections, workspaceAreasFor } from '../lib/areas';
import { useSession } from '../lib/session';
import { useMembershipCheck } from '../lib/use-membership-check';
import { useSignedIn } from '../lib/use-role';
import { CloseIcon, MenuIcon } from './control-icons';
import { LogoMark } from './icons';
import { KeyAreaLink } from './key-area-link';
import { NavSection } from './nav-section';
import { PaletteLauncher } from './palette/palette-launcher';
import { RunningExecutionsNavBadge } from './running-executions-nav-badge';
import { SignedInPanel } from './signed-in-panel';
import { ThemeToggle } from './theme-toggle';

// Eighteen links of this height, with the top bar and the search, fit a 720 px high window.
const linkClasses =
  'flex items-center justify-between gap-2 rounded-md px-3 py-1 text-sm text-text hover:bg-surface-muted aria-[current=page]:bg-accent-soft aria-[current=page]:font-semibold aria-[current=page]:text-accent-soft-fg';

/**
 * The pages of the API key in the address, or else of the key opened last; with neither, each
 * link asks which key to open its page for.
 */
function KeyNav({
  apiKeyId,
  onNavigate,
}: {
  apiKeyId: string | undefined;
  onNavigate: () => void;
}) {
  const link = (area: KeyArea) => (
    <li key={area.segment}>
      <KeyAreaLink
        apiKeyId={apiKeyId}
        segment={area.segment}
        className={linkClasses}
        onClick={onNavigate}
      >
        <span className="min-w-0 truncate">{area.label}</span>
        {area.segment === 'agents' ? <RunningExecutionsNavBadge /> : null}
      </KeyAreaLink>
    </li>
  );
  const [own, ...sections] = keyAreaSections;
  return (
    <>
      <p id="nav-key-pages" className="px-3 pt-3 pb-1 text-xs font-semibold text-muted uppercase">
        API key pages
      </p>
      <ul aria-labelledby="nav-key-pages" className="space-y-0.5">
        <li>
          <KeyAreaLink apiKeyId={apiKeyId} className={linkClasses} onClick={onNavigate}>
            Overview
          </KeyAreaLink>
        </li>
        {own?.pages.map(link)}
      </ul>
      {sections.map(({ heading = '', pages }) => (
        <NavSection key={heading} heading={heading} pages={pages}>
          {pages.map(link)}
        </NavSection>
      ))}
    </>
  );
}

/**
 * The frame of every signed-in page: a sidebar with the areas and the session on wide screens,
 * which folds into a menu under the top bar on phone widths. The whole sidebar is the banner
 * landmark, so that nothing in it sits outside a landmark. The sidebar scrolls as one: in a low
 * window the session's part goes below the fold, never a navigation item (a navigation that
 * scrolled by itself above a pinned session hid "Audit log" at 1440 × 900).
 */
export function AppShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const signedIn = useSignedIn();
  useMembershipCheck(signedIn);
  const { apiKeyId } = useParams({ strict: false });
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <div className="min-h-screen md:flex">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-3 py-2 text-sm font-medium text-text focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-surface md:sticky md:top-0 md:flex md:h-screen md:w-64 md:shrink-0 md:flex-col md:overflow-y-auto md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-2 px-3 py-2.5">
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md font-semibold text-text"
          >
            <LogoMark className="size-6 shrink-0 text-accent" />
            <span className="truncate">Workspace console</span>
          </Link>
          {/* In the sidebar the theme switch sits under the navigation, leaving the name its line:
              on two lines it pushed the last link below a 720 px window. */}
          <div className="flex items-center gap-1 md:hidden">
            <ThemeToggle />
            <button
              type="button"
              className="rounded-md p-2 text-muted hover:bg-surface-muted hover:text-text md:hidden"
              aria-expanded={menuOpen}
              aria-controls="app-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
              <span className="sr-only">Menu</span>
            </button>
          </div>
        </div>
        <div className="px-3 pb-3">
          <PaletteLauncher />
        </div>
        <div
          id="app-menu"
          className={`${menuOpen ? 'flex' : 'hidden'} flex-1 flex-col gap-4 px-3 pb-4 md:flex`}
        >
          <nav aria-label="Console">
            <ul className="space-y-0.5">
              {homePage ? (
                <li>
                  <Link
                    to={homePage.path}
                    activeOptions={{ exact: true }}
                    className={linkClasses}
                    onClick={closeMenu}
                  >
                    {homePage.label}
                  </Link>
                </li>
              ) : null}
            </ul>
            <KeyNav apiKeyId={apiKeyId ?? session?.apiKey} onNavigate={closeMenu} />
            <ul className="mt-3 space-y-0.5 border-t border-border pt-3">
              <li>
                <Link to="/reference" className={linkClasses} onClick={closeMenu}>
                  API reference
                </Link>
              </li>
              {workspaceAreasFor(signedIn?.role).map((area) => (
                <li key={area.path}>
                  <Link to={area.path} className={linkClasses} onClick={closeMenu}>
                    {area.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="space-y-3 border-t border-border px-1 pt-4 md:mt-auto">
            {signedIn ? <SignedInPanel signedIn={signedIn} /> : null}
            <span className="hidden justify-end md:flex">
              <ThemeToggle />
            </span>
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
      >
        <div className="mx-auto max-w-5xl">{children}</div>
      </main>
    </div>
  );
}
