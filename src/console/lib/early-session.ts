import { type ClientConfig, callEndpoint } from '#contract/client-call';
import { getCurrentSession } from '#contract/sessions';
import { sessionClient } from './api';
import { rememberedServerKey } from './remembered-server';
import { sessionStorageKey } from './session';

/** Where the document leaves the request it sent for the guard. */
const holder = '__consoleCurrentSession';

/**
 * The overview's document (index.html, written by scripts/first-paint-html.ts; the service allows
 * it by its hash) asks who is signed in as it arrives, when the tab would ask the service that
 * serves it with the session cookie: no token in the tab, no other server remembered. The guard
 * then finds the answer there instead of asking after the console's script has loaded and run.
 * The request is the one `call` sends for Get Current Session.
 */
export function earlySessionScript(): string {
  const init = {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({}),
  };
  return (
    `<script>try{const s=JSON.parse(sessionStorage.getItem(${JSON.stringify(sessionStorageKey)})||'null');` +
    `if(!(s?s.workspaceToken||s.baseUrl:localStorage.getItem(${JSON.stringify(rememberedServerKey)})))` +
    `window.${holder}=fetch(${JSON.stringify(getCurrentSession.path)},${JSON.stringify(init)})}catch{}</script>`
  );
}

type Holder = Partial<Record<typeof holder, Promise<Response>>>;

/**
 * Get Current Session as the document sent it, read as `call` reads its answer; taken once, and
 * only for the service that serves the console (`baseUrl` ''). Undefined when there is none.
 */
export function earlyCurrentSession(baseUrl: string) {
  const window_ = window as Holder;
  const sent = window_[holder];
  window_[holder] = undefined;
  if (!sent || baseUrl !== '') return undefined;
  const config: ClientConfig = { ...sessionClient({ baseUrl }, undefined), fetch: () => sent };
  return async () => (await callEndpoint(config, getCurrentSession, undefined)).data;
}
