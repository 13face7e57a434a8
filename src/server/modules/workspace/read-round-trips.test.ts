import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credentials } from '#contract/credentials';
import { addDocuments, getDocuments } from '#contract/documents';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { signIn } from '../../testing/session-fixtures';
import { watchPackets, watchStatements } from '../../testing/statement-watch';
import { type TestService, startTestService } from '../../testing/test-service';

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  // No background worker polls the database while the statements are counted.
  svc = await startTestService({
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
  fx = await createWorkspaceFixture(svc);
  await fx.call(addDocuments, {
    organizationId: 'org-1',
    createOrganization: true,
    documents: [1, 2, 3].map((n) => ({ documentId: `doc-${n}`, documentName: `Doc ${n}` })),
  });
});
afterAll(() => svc.close());

/**
 * An authenticated read costs one round trip to the database (issue 33, target 3): on PostgreSQL
 * the credential a process remembers is checked by its statement sent in the packet of the read's
 * own (`db/read-check.ts`); on the embedded database, whose only writer is this process, the
 * credential is answered from memory and the page is the only statement.
 */
describe('an authenticated read of a page', () => {
  const page = { organizationId: 'org-1', pageSize: 50 };

  async function measured(credentials: Credentials) {
    const read = () => svc.send(getDocuments, page, { credentials });
    // The first read reads the credential and remembers it.
    expect((await read()).status).toBe(200);
    const statements = watchStatements(svc.database);
    const packets = watchPackets();
    try {
      const reply = await read();
      expect(reply.status).toBe(200);
      expect(reply.body.result.data.map((d) => d.documentId)).toEqual(['doc-1', 'doc-2', 'doc-3']);
      // The embedded database's own statistics check (every 5 s) is not the request's.
      const sent = statements.take().filter((s) => !/\bpg_class\b|^analyze /.test(s));
      return { statements: sent, packets: packets.take() };
    } finally {
      packets.stop();
      statements.stop();
    }
  }

  const postgres = () => svc.database.kind === 'postgres';

  it('with an API key token: the key’s credential and the page, in one packet', async () => {
    const { statements, packets } = await measured(fx.credentials.apiKey);
    expect(statements.some((s) => s.includes('from documents'))).toBe(true);
    if (postgres()) {
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements[0]).toContain('from api_keys');
      expect(packets).toBe(1);
    } else {
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });

  it('with a session: the session with the member’s role and the page, in one packet', async () => {
    const owner = await signIn(svc, fx.workspace.owner.email);
    const { statements, packets } = await measured(owner.as(fx.workspace.id, fx.apiKey));
    expect(statements.some((s) => s.includes('from documents'))).toBe(true);
    if (postgres()) {
      expect(statements, statements.join('\n')).toHaveLength(2);
      expect(statements[0]).toContain('from sessions');
      expect(packets).toBe(1);
    } else {
      expect(statements, statements.join('\n')).toHaveLength(1);
    }
  });
});
