import { join } from 'node:path';
import { type Plugin, runnerImport } from 'vite';
import { originMark } from '../src/console/features/session/base-url';
import { shellId } from '../src/console/lib/prerendered-shell';

type ShellModule = typeof import('../src/console/prerender/sign-in-shell');

/**
 * Writes the page's origin where the drawn page names it; the service allows this script by its
 * hash, like every inline script of index.html.
 */
const fillOrigin =
  '<script>for(const e of document.querySelectorAll("[data-page-origin]"))e.textContent=location.origin</script>';

/** Vite's stylesheet tag for a built CSS file. */
const stylesheetLink = /<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g;

/**
 * Makes the built index.html paint without another request (issue 33): the console's stylesheet
 * inlined where Vite linked it, and the sign-in page drawn at build time into a <template> that
 * the service turns into the page for a plain /sign-in (src/server/serving/console-page.ts). Any
 * other address leaves the template unused: the document cannot tell a signed-in tab from a
 * signed-out one (the session is an HttpOnly cookie, or a token in the tab's storage), and a
 * sign-in form drawn for a signed-in person would be the wrong page.
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
      async handler(html, ctx) {
        const inlined = html.replace(stylesheetLink, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`first-paint-html: no ${file} in the build`);
          const css = String(asset.source);
          if (css.includes('</style')) throw new Error(`first-paint-html: ${file} ends a <style>`);
          return `<style>${css}</style>`;
        });
        const { module } = await runnerImport<ShellModule>(
          join(root, 'src/console/prerender/sign-in-shell.tsx'),
          { configFile: false, root, resolve: { tsconfigPaths: true }, logLevel: 'warn' },
        );
        const markup = module
          .signInShellMarkup()
          .replaceAll(originMark, '<span data-page-origin></span>');
        const shell = `<template id="${shellId}">${markup}${fillOrigin}</template>`;
        if (!inlined.includes('<div id="root">')) throw new Error('index.html has no #root');
        return inlined.replace('<div id="root">', `${shell}<div id="root">`);
      },
    },
  };
}
