import type { ReactNode } from 'react';
import { LogoMark } from './icons';
import { ThemeToggle } from './theme-toggle';

/** The frame of pages shown outside the signed-in area (sign-in, unknown addresses). */
export function CenteredPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex items-center justify-between px-4 py-3">
        <p className="flex items-center gap-2 font-semibold">
          <LogoMark className="size-6 text-accent" />
          <span>Workspace console</span>
        </p>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:pt-16">
        <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'}`}>{children}</div>
      </main>
    </div>
  );
}
