import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// React's renderer to HTML, not this project's service (which the rule keeps out): it runs at build.
// eslint-disable-next-line no-restricted-imports
import { renderToStaticMarkup } from 'react-dom/server';
import { SignInCard } from '../features/session/sign-in-card';
import { SignInMethods } from '../features/session/sign-in-methods';
import { useSendLoginLink } from '../features/session/use-send-login-link';
import { drawnWithWindow } from './drawn-with-window';

function SignInShell() {
  const sending = useSendLoginLink(undefined);
  return (
    <SignInCard>
      <SignInMethods
        method="link"
        onMethodChange={() => undefined}
        redirectTo={undefined}
        baseUrl=""
        sending={sending}
        onSend={() => undefined}
      />
    </SignInCard>
  );
}

/**
 * Stands for the page's origin, which the page names (base-url.ts) and the build cannot know: the
 * build puts an element there that the document fills in (scripts/first-paint-html.ts).
 */
export const originMark = '\u2060origin\u2060';

/**
 * The sign-in page as it first opens (the e-mail link form, on the service that serves the
 * console), drawn at build time into index.html (vite.config.ts), so that the document alone paints
 * it: the same components as the live page, which replaces it when the script has run.
 */
export function signInShellMarkup(): string {
  // The only part of `window` the drawn components read.
  return drawnWithWindow({ location: { origin: originMark } }, () =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <SignInShell />
      </QueryClientProvider>,
    ),
  );
}
