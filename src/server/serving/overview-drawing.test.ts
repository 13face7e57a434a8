import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '#contract/credentials';
import {
  overviewDrawingSlot,
  overviewMarks as marks,
  overviewShapeKey,
  overviewShapes,
} from '#contract/overview-page';
import { getCurrentSession, signOut } from '#contract/sessions';
import { getWorkspace } from '#contract/workspace';
import { createWorkspaceFixture, uniqueEmail } from '../testing/fixtures';
import { addMember, removeMember, sessionOnly, signIn } from '../testing/session-fixtures';
import { watchStatements } from '../testing/statement-watch';
import { type TestService, startTestService, withoutBackgroundWork } from '../testing/test-service';
import { inlineScriptHashes } from './console-page';

// A built index.html in miniature, shaped as scripts/first-paint-html.ts writes it: the overview's
// page with the slot for the drawing and its script, and a drawing per shape with the marks.
const consoleDir = mkdtempSync(join(tmpdir(), 'svc-overview-drawing-'));
const drawScript = 'document.getElementById("drawn-overview");';
const drawing = (key: string) =>
  `<div id="drawn-overview-page"><h1>${marks.workspaceName}</h1>` +
  `<code title="${marks.workspaceId}">${marks.workspaceId}</code><p>${marks.ownerName}</p>` +
  `<p>${marks.ownerEmail}</p><p>${marks.ownerId}</p><span>${marks.ownerInitials}</span>` +
  `<p>${marks.personEmail}</p><p>${marks.keyCount} keys</p><i>${key}</i></div>`;
const indexHtml =
  '<!doctype html><html><head></head><body>' +
  `<div id="root"></div><template data-for="overview">${overviewDrawingSlot}<script>${drawScript}</script></template>` +
  overviewShapes
    .map((shape) => overviewShapeKey(shape))
    .map((key) => `<template data-overview-shape="${key}">${drawing(key)}</template>`)
    .join('') +
  '</body></html>';

const HOUR = 60 * 60 * 1000;
let now = Date.parse('2026-03-01T09:00:00.000Z');
let svc: TestService;
beforeAll(async () => {
  writeFileSync(join(consoleDir, 'index.html'), indexHtml);
  // No background worker reads the database while a document's statements are counted.
  svc = await startTestService({
    clock: () => new Date(now),
    env: { CONSOLE_DIR: consoleDir },
    ...withoutBackgroundWork,
  });
});
afterAll(async () => {
  await svc.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

async function document(path: string, cookie?: string) {
  const res = await svc.fetch(path, {
    headers: cookie ? { cookie: `theme=dark; ${sessionCookieName}=${cookie}` } : {},
  });
  expect(res.status, path).toBe(200);
  const html: unknown = res.body;
  if (typeof html !== 'string') throw new Error(`${path} was not answered with text`);
  const drawn =
    /<template id="drawn-overview" data-workspace="([^"]*)">([\s\S]*?)<\/template>/.exec(html);
  return { res, html, drawn: drawn && { workspace: drawn[1], markup: drawn[2] ?? '' } };
}

const hostileName = `Acme <script>alert(1)</script> & "Co" 'x'`;

describe('the overview the document draws for a session cookie', () => {
  it('draws a name holding replacement patterns as it is', async () => {
    const email = uniqueEmail('owner');
    await createWorkspaceFixture(svc, { ownerEmail: email, workspaceName: 'Acme $& $` $$ $1' });
    const person = await signIn(svc, email);
    const { drawn } = await document('/', person.cookie);
    expect(drawn?.markup).toContain('<h1>Acme $&amp; $` $$ $1</h1>');
  });

  it('draws the workspace of a person in one, escaped, with no token, kept by no cache', async () => {
    const email = uniqueEmail('owner');
    const fx = await createWorkspaceFixture(svc, {
      ownerEmail: email,
      name: 'Ada <b>"Lovelace"</b>',
      workspaceName: hostileName,
    });
    const person = await signIn(svc, email);
    const { res, html, drawn } = await document('/', person.cookie);
    expect(drawn?.workspace).toBe(fx.workspace.id);
    expect(drawn?.markup).toBe(
      `<div id="drawn-overview-page"><h1>Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#x27;x&#x27;</h1>` +
        `<code title="${fx.workspace.id}">${fx.workspace.id}</code>` +
        `<p>Ada &lt;b&gt;&quot;Lovelace&quot;&lt;/b&gt;</p><p>${email}</p><p>${fx.workspace.owner.id}</p>` +
        `<span>A&lt;</span><p>${email}</p><p>1 keys</p><i>owner-named-one</i></div>`,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain(fx.workspace.authToken);
    expect(html).not.toContain(person.cookie);
    expect(html).not.toContain('\u2060');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(res.headers.get('etag')).toBeNull();
    // The policy allows the drawing's script by its hash, and nothing inline otherwise.
    const scriptSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/)).toEqual([
      'script-src',
      "'self'",
      ...inlineScriptHashes(`<script>${drawScript}</script>`),
    ]);
  });

  it('draws nothing without a session, or for a session that ended, and nothing elsewhere', async () => {
    const email = uniqueEmail('ends');
    await createWorkspaceFixture(svc, { ownerEmail: email });
    const anonymous = await document('/');
    expect(anonymous.drawn).toBeNull();
    expect(anonymous.html).toContain(overviewDrawingSlot);
    expect(anonymous.res.headers.get('vary')).toBe('accept-encoding, cookie');
    expect(anonymous.res.headers.get('etag')).not.toBeNull();
    expect((await document('/', 'ss_not-a-session')).drawn).toBeNull();

    const signedOut = await signIn(svc, email);
    expect((await document('/', signedOut.cookie)).drawn).not.toBeNull();
    // Another page than the overview: the same document as for anybody.
    const team = await document('/team', signedOut.cookie);
    expect(team.html).not.toContain('drawn-overview');
    expect(team.res.headers.get('cache-control')).toBe('no-cache');
    expect(team.res.headers.get('vary')).toBe('accept-encoding');
    await svc.send(signOut, undefined, { credentials: sessionOnly(signedOut.cookie) });
    expect((await document('/', signedOut.cookie)).drawn).toBeNull();

    const idle = await signIn(svc, email);
    now += 24 * 30 * HOUR;
    expect((await document('/', idle.cookie)).drawn).toBeNull();
  });

  it('draws a member their role, and nothing once removed or in several workspaces', async () => {
    const fx = await createWorkspaceFixture(svc, { workspaceName: 'Shared' });
    const email = uniqueEmail('viewer');
    await addMember(svc, fx.workspace.id, email, 'viewer');
    const viewer = await signIn(svc, email);
    const drawn = (await document('/', viewer.cookie)).drawn;
    expect(drawn?.workspace).toBe(fx.workspace.id);
    expect(drawn?.markup).toContain('<i>viewer-');
    expect(drawn?.markup).toContain(`<p>${email}</p>`);
    await removeMember(svc, fx.workspace.id, email);
    expect((await document('/', viewer.cookie)).drawn).toBeNull();

    const both = uniqueEmail('both');
    const other = await createWorkspaceFixture(svc, { workspaceName: 'Other' });
    await addMember(svc, fx.workspace.id, both, 'admin');
    await addMember(svc, other.workspace.id, both, 'admin');
    const torn = await signIn(svc, both);
    expect((await document('/', torn.cookie)).drawn).toBeNull();
  });

  it('costs a document the statements of the console’s two calls, and other documents none', async () => {
    const email = uniqueEmail('reads');
    const fx = await createWorkspaceFixture(svc, { ownerEmail: email });
    const person = await signIn(svc, email);
    await document('/', person.cookie);
    const statements = watchStatements(svc.database);
    try {
      // The embedded database's own statistics check (every 5 s) is not the request's.
      const sent = () => statements.take().filter((s) => !/\bpg_class\b|^analyze /.test(s));
      expect((await document('/', person.cookie)).drawn).not.toBeNull();
      const drawn = sent();
      // The same calls as the console makes them: the same statements, no check of their own.
      await svc.send(getCurrentSession, undefined, { credentials: sessionOnly(person.cookie) });
      await svc.send(getWorkspace, undefined, { credentials: person.as(fx.workspace.id) });
      expect(drawn).toEqual(sent());
      expect(drawn.some((statement) => /\bfrom members\b/.test(statement))).toBe(true);
      await document('/');
      await document('/team', person.cookie);
      expect(sent()).toEqual([]);
    } finally {
      statements.stop();
    }
  });
});
