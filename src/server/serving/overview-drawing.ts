import type { FastifyInstance, FastifyRequest } from 'fastify';
import { credentialHeaders } from '#contract/credentials';
import { type AnyEndpoint, type DataOf, unwrapSuccess } from '#contract/endpoint';
import {
  drawnOverviewId,
  escapeHtml,
  fillOverview,
  overviewDrawing,
  overviewShapeKey,
} from '#contract/overview-page';
import { getCurrentSession } from '#contract/sessions';
import { getWorkspace } from '#contract/workspace';
import { sessionCookieOf } from '../http/session-cookie';

/** The overview drawn per shape by the build (scripts/first-paint-html.ts), for the service only. */
const shapeTemplate = /<template data-overview-shape="([a-z-]+)">([\s\S]*?)<\/template>/g;

/** The built index.html without the overview's drawings, and the drawings by shape. */
export function takeOverviewDrawings(html: string): {
  html: string;
  drawings: ReadonlyMap<string, string>;
} {
  const drawings = new Map<string, string>();
  const rest = html.replace(shapeTemplate, (_, shape: string, drawing: string) => {
    drawings.set(shape, drawing);
    return '';
  });
  return { html: rest, drawings };
}

/** One of the console's calls, made for the request's browser: the `data` of its answer, or undefined. */
export type AskForConsole = <E extends AnyEndpoint>(
  req: FastifyRequest,
  endpoint: E,
  workspaceId?: string,
) => Promise<DataOf<E> | undefined>;

/**
 * Calls the service itself as the console calls it, with the request's cookies and address: every
 * check of a session (ended, revoked, idle, a member removed), the rate limits and the masking of
 * secrets hold as they do for the console's own call, since it is that call.
 */
export function askSelf(app: FastifyInstance): AskForConsole {
  return async <E extends AnyEndpoint>(req: FastifyRequest, endpoint: E, workspaceId?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: endpoint.path,
      remoteAddress: req.ip,
      headers: {
        cookie: req.headers.cookie ?? '',
        accept: 'application/json',
        'content-type': 'application/json',
        ...(workspaceId === undefined ? {} : { [credentialHeaders.workspaceId]: workspaceId }),
      },
      payload: '{}',
    });
    if (res.statusCode !== 200) return undefined;
    try {
      return unwrapSuccess(endpoint, res.json()).data as DataOf<E>;
    } catch {
      return undefined;
    }
  };
}

/**
 * The overview drawn for the person whose session cookie the request carries, in a
 * `<template id="drawn-overview">` the document's script shows (scripts/first-paint-html.ts), or
 * undefined: no cookie, a session that does not hold, a person in several workspaces (which one the
 * tab opens, only the tab knows) or in none, a shape the build did not draw. The answers of Get
 * Current Session and Get Workspace as the console would receive them; no token is drawn (Get
 * Workspace masks the workspace's to a session, and the drawing has no place for it).
 */
export function overviewDrawer(drawings: ReadonlyMap<string, string>, ask: AskForConsole) {
  return async (req: FastifyRequest): Promise<string | undefined> => {
    if (drawings.size === 0 || sessionCookieOf(req) === undefined) return undefined;
    const person = await ask(req, getCurrentSession);
    const [only, ...others] = person?.workspaces ?? [];
    if (!person || !only || others.length > 0) return undefined;
    const workspace = await ask(req, getWorkspace, only.id);
    if (!workspace) return undefined;
    const drawing = overviewDrawing(person, workspace);
    const template = drawing && drawings.get(overviewShapeKey(drawing.shape));
    if (!drawing || !template) return undefined;
    const id = escapeHtml(workspace.id);
    return `<template id="${drawnOverviewId}" data-workspace="${id}">${fillOverview(template, drawing.values)}</template>`;
  };
}
