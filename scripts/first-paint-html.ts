import { join } from 'node:path';
import { type Plugin, type Rolldown, runnerImport } from 'vite';

type ShellModule = typeof import('../src/console/prerender/sign-in-shell');
type OverviewModule = typeof import('../src/console/prerender/overview-shell');
type OverviewPageModule = typeof import('../src/contract/overview-page');
type EarlySessionModule = typeof import('../src/console/lib/early-session');
type RememberedServerModule = typeof import('../src/console/lib/remembered-server');
type SessionModule = typeof import('../src/console/lib/session');
type OutputBundle = Rolldown.OutputBundle;

/** Where the sign-in page drawn at build time sits, beside the app's #root. */
const shellId = 'prerendered-shell';

/**
 * The drawn page's script, inline (the service allows it by its hash): it writes the page's origin
 * where the page names it, and takes the drawn page away in the task in which React first draws
 * the live one (a MutationObserver's callback runs before the next frame), so the swap is never
 * seen; what was typed before the console's script arrived, and the focus, move to the live form's
 * fields of the same name, and a form sent meanwhile is sent by the live form (not by the browser,
 * which would load the page again with the fields in its address). In the document, not in the
 * console's JavaScript: it costs the first load nothing.
 */
const shellScript = `<script>(() => {
  for (const e of document.querySelectorAll('[data-page-origin]')) e.textContent = location.origin;
  const root = document.getElementById('root');
  const shell = document.getElementById('${shellId}');
  let submitted = false;
  shell.addEventListener('submit', (event) => {
    event.preventDefault();
    submitted = true;
  });
  new MutationObserver((_, observer) => {
    if (!root.querySelector('main')) return;
    observer.disconnect();
    for (const drawn of shell.querySelectorAll('input')) {
      const live = root.querySelector(\`input[name="\${drawn.name}"]\`);
      if (!live) continue;
      if (drawn.value !== drawn.defaultValue) live.value = drawn.value;
      if (document.activeElement === drawn) live.focus();
    }
    shell.remove();
    if (submitted) root.querySelector('form')?.requestSubmit();
  }).observe(root, { childList: true, subtree: true });
})();</script>`;

/**
 * The overview's drawing script, inline (allowed by its hash): where the service put a drawn
 * overview in the document (`<template id="drawn-overview">`, for a person's session cookie), it
 * shows it unless the tab will open another page: a tab whose stored session is another
 * workspace's, a workspace token's or another server's, or a tab without one that signs in to
 * another server (the early session's rule, lib/early-session.ts; storage that cannot be read is
 * none, as the console reads it). #root stays hidden under it
 * while the console starts (its shell and the overview's loading state), and the drawn page goes
 * in the task in which the live page draws its heading (every page of the console has one), before
 * the next frame. A link on the drawn page is a real link; a button clicked before the console
 * runs is clicked again on the live page (the same button: its text, its name and its place among
 * its likes), and the focus moves to the live twin of the element that held it.
 */
function overviewScript(id: string, sessionKey: string, serverKey: string): string {
  return `<script>(() => {
  const drawing = document.getElementById(${JSON.stringify(id)});
  if (!drawing) return;
  try {
    const s = JSON.parse(sessionStorage.getItem(${JSON.stringify(sessionKey)}) || 'null');
    if (s ? s.workspaceToken || s.baseUrl || s.workspaceId !== drawing.dataset.workspace : localStorage.getItem(${JSON.stringify(serverKey)})) return;
  } catch {}
  const root = document.getElementById('root');
  const page = drawing.content.firstElementChild;
  const key = (e) => [e.tagName, e.textContent, e.getAttribute('aria-label'), e.getAttribute('href')].join('|');
  const place = (e, within) => [...within.querySelectorAll(e.tagName)].filter((o) => key(o) === key(e));
  const twin = (e) => place(e, root)[place(e, page).indexOf(e)];
  let clicked;
  page.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    event.preventDefault();
    clicked = button;
  });
  root.before(page);
  root.hidden = true;
  new MutationObserver((_, observer) => {
    if (!root.querySelector('h1')) return;
    observer.disconnect();
    const focused = page.contains(document.activeElement) ? document.activeElement : null;
    root.hidden = false;
    const live = { focus: focused && twin(focused), click: clicked && twin(clicked) };
    page.remove();
    live.focus?.focus();
    live.click?.click();
  }).observe(root, { childList: true, subtree: true });
})();</script>`;
}

/** Vite's tags for the entry and the chunks it imports. */
const viteScripts = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/** Vite's stylesheet tag for a built CSS file. */
const stylesheetLink = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * The modules each page opened cold needs before it can draw (besides the first load, which
 * index.html preloads for every page): its route's code, and for the signed-in pages the guard's.
 */
export const pageModules = {
  'sign-in': ['src/console/routes/sign-in.tsx?tsr-split=component'],
  overview: [
    'src/console/lib/resume-session.ts',
    'src/console/routes/_app.tsx?tsr-split=component',
    'src/console/routes/_app/index.tsx?tsr-split=component',
  ],
};

/** `<link rel="modulepreload">` for the modules' chunks and their static imports not yet listed. */
function preloads(
  bundle: OutputBundle,
  root: string,
  modules: string[],
  html: string,
  attributes = '',
): string {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = chunks.find((candidate) => candidate.fileName === file);
    chunk?.imports.forEach(visit);
  };
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === join(root, module));
    if (!chunk) throw new Error(`first-paint-html: no chunk of ${module} in the build`);
    visit(chunk.fileName);
  }
  return [...files]
    .filter((file) => !html.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin${attributes} href="/${file}">`)
    .join('');
}

/**
 * Makes the built index.html paint without another request (issue 33): the console's stylesheet
 * inlined where Vite linked it, and per page a <template data-for> that the service unwraps at that
 * page's address and drops elsewhere (src/server/serving/console-page.ts): for a plain /sign-in the
 * page drawn at build time, and for it and the overview the preloads of the chunks they open with.
 * Other addresses get no page drawn: the document cannot tell a signed-in tab from a signed-out
 * one (the session is an HttpOnly cookie, or a token in the tab's storage), and a sign-in form drawn
 * for a signed-in person would be the wrong page.
 */
export function firstPaintHtml(): Plugin {
  let root = process.cwd();
  return {
    name: 'first-paint-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) throw new Error('first-paint-html: no bundle');
        const load = async <T>(path: string) =>
          (
            await runnerImport<T>(join(root, path), {
              configFile: false,
              root,
              resolve: { tsconfigPaths: true },
              logLevel: 'warn',
            })
          ).module;
        const inlined = html.replace(stylesheetLink, (_tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`first-paint-html: no ${file} in the build`);
          const css = String(asset.source);
          if (css.includes('</style')) throw new Error(`first-paint-html: ${file} ends a <style>`);
          return `<style>${css}</style>`;
        });
        const module = await load<ShellModule>('src/console/prerender/sign-in-shell.tsx');
        const early = await load<EarlySessionModule>('src/console/lib/early-session.ts');
        const overview = await load<OverviewModule>('src/console/prerender/overview-shell.tsx');
        const overviewPage = await load<OverviewPageModule>('src/contract/overview-page.ts');
        const server = await load<RememberedServerModule>('src/console/lib/remembered-server.ts');
        const session = await load<SessionModule>('src/console/lib/session.ts');
        // One drawing per shape, which the service takes out at start and fills per request.
        const drawings: string[] = [];
        for (const shape of overviewPage.overviewShapes) {
          const markup = await overview.overviewShellMarkup(shape);
          if (markup.includes('<template') || markup.includes('<script')) {
            throw new Error('first-paint-html: the drawn overview holds a template or a script');
          }
          drawings.push(
            `<template data-overview-shape="${overviewPage.overviewShapeKey(shape)}"><div id="drawn-overview-page">${markup}</div></template>`,
          );
        }
        const drawnOverview =
          `<template data-for="overview">${overviewPage.overviewDrawingSlot}` +
          `${overviewScript(
            overviewPage.drawnOverviewId,
            session.sessionStorageKey,
            server.rememberedServerKey,
          )}</template>`;
        const drawn = module
          .signInShellMarkup()
          .replaceAll(module.originMark, '<span data-page-origin></span>');
        // The console's scripts after the page: the parser reaches the drawn page before it starts
        // fetching them, which brought its first paint earlier (tried in alternation: the
        // FCP / document ratio 1.51 -> 1.35, median of 6 each on a loaded machine).
        const scripts = [...inlined.matchAll(viteScripts)].map(([tag]) => tag);
        let page = inlined;
        for (const tag of scripts) page = page.replace(tag, '');
        const drawnPage = `<template data-for="sign-in"><div id="${shellId}">${drawn}</div></template>`;
        const swap = `<template data-for="sign-in">${shellScript}</template>`;
        const pagePreloads = (Object.keys(pageModules) as (keyof typeof pageModules)[])
          .map((name) => {
            const [first, rest] = [pageModules[name].slice(0, 1), pageModules[name].slice(1)];
            const links = preloads(bundle, root, first, inlined);
            // The page's chunks after its first module's (the guard's, on the overview) behind the
            // guard's API calls (Get Current Session, then Get Workspace): on HTTP/1.1 the browser
            // sends queued requests by priority as a connection frees, and at the same priority
            // the calls waited for every chunk.
            const later = preloads(bundle, root, rest, inlined + links, ' fetchpriority="low"');
            return `<template data-for="${name}">${links}${later}</template>`;
          })
          .join('');
        // Before every script request, so that it is the first request after the document.
        const earlySession = `<template data-for="overview">${early.earlySessionScript()}</template>`;
        if (!page.includes('<div id="root"></div>')) throw new Error('index.html has no #root');
        // After #root, the script that watches it; the page's own chunks after the first load's.
        return page
          .replace(
            '<div id="root"></div>',
            `${drawnPage}${earlySession}<div id="root"></div>${drawnOverview}${swap}${scripts.join('')}${pagePreloads}`,
          )
          .replace('</body>', `${drawings.join('')}</body>`);
      },
    },
  };
}
