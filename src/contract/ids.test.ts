import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { aiProviderSchema, updateApiKeyConfigRequest } from './api-keys';
import { MAX_ID_LENGTH, NAME_PATTERN, nameSchema } from './common';
import { ID_PATTERN, ID_REFERENCE_PATTERN, id, idRef, isId } from './ids';
import { addDocumentsRequest, migrateDocumentsRequest } from './documents';
import { allEndpoints } from './endpoints';
import { addNotificationsRequest, notificationIdSchema } from './notifications';
import { addOrganizationsRequest, deleteOrganizationsRequest } from './organizations';

const firstMessage = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

/** Ids the hosted product takes, URL-like ones included: none may be refused. */
const hostedIds = [
  'acme',
  'acme corp',
  'a,b',
  'https://example.com/docs/a b?x=1&y=%20#top',
  'urn:isbn:0451450523',
  'C:\\Users\\ada',
  'folder/sub folder/',
  '100%',
  '"quoted"',
  "o'brien",
  'naïve café',
  'ملف',
  '文档',
  '😀'.repeat(MAX_ID_LENGTH / 2),
  'x'.repeat(MAX_ID_LENGTH),
  'a\u00a0b',
  'family 👨‍👩‍👧',
];

describe('a new id', () => {
  it('takes every id the hosted product takes, URL-like ones included', () => {
    for (const value of hostedIds) expect(id().safeParse(value).data, value).toBe(value);
  });

  it('refuses what cannot be stored, shown or searched as one value, saying why', () => {
    const cases: [string, string][] = [
      ['', 'must not be empty'],
      ['x'.repeat(MAX_ID_LENGTH + 1), `must be at most ${MAX_ID_LENGTH} characters`],
      [' acme', 'must not begin or end with whitespace'],
      ['acme\u00a0', 'must not begin or end with whitespace'],
      ['\ufeffacme', 'must not begin or end with whitespace'],
      [
        'a\tb',
        'must not contain control or bidirectional formatting characters (U+0009 at character 2)',
      ],
      [
        'line\nbreak',
        'must not contain control or bidirectional formatting characters (U+000A at character 5)',
      ],
      [
        'a\u001bb',
        'must not contain control or bidirectional formatting characters (U+001B at character 2)',
      ],
      [
        'a\u007f',
        'must not contain control or bidirectional formatting characters (U+007F at character 2)',
      ],
      [
        'a\u0085b',
        'must not contain control or bidirectional formatting characters (U+0085 at character 2)',
      ],
      [
        'a\u2028b',
        'must not contain control or bidirectional formatting characters (U+2028 at character 2)',
      ],
      [
        'invoice\u202etxt.exe',
        'must not contain control or bidirectional formatting characters (U+202E at character 8)',
      ],
      [
        'a\u2066b',
        'must not contain control or bidirectional formatting characters (U+2066 at character 2)',
      ],
    ];
    for (const [value, message] of cases) {
      expect(firstMessage(id(), value), JSON.stringify(value)).toBe(message);
      expect(isId(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('is stored as sent: nothing is trimmed away', () => {
    expect(id().safeParse('acme').data).toBe('acme');
    expect(id().safeParse(' acme ').success).toBe(false);
  });

  it('is what isId answers for any text', () => {
    for (const value of [...hostedIds, '', ' a', 'a\tb', 'x'.repeat(129)]) {
      expect(isId(value), JSON.stringify(value)).toBe(id().safeParse(value).success);
    }
  });
});

describe('an id that names stored data', () => {
  it('reaches ids an earlier version stored, control characters included', () => {
    for (const value of [...hostedIds, 'a\tb', 'line\nbreak', 'a\u202eb', 'a\u0001']) {
      expect(idRef().safeParse(value).data, JSON.stringify(value)).toBe(value);
    }
  });

  it('refuses what no version stored: edge whitespace (ids were always trimmed), empty, too long', () => {
    expect(firstMessage(idRef(), ' acme')).toBe('must not begin or end with whitespace');
    expect(firstMessage(idRef(), 'acme\n')).toBe('must not begin or end with whitespace');
    expect(firstMessage(idRef(), '')).toBe('must not be empty');
    expect(firstMessage(idRef(), 'x'.repeat(MAX_ID_LENGTH + 1))).toBe(
      `must be at most ${MAX_ID_LENGTH} characters`,
    );
  });

  it('keeps data stored under such an id reachable, erasable and migratable to a new id', () => {
    const legacy = 'acme\tcorp';
    expect(deleteOrganizationsRequest.safeParse({ organizationIds: [legacy] }).success).toBe(true);
    expect(
      migrateDocumentsRequest.safeParse({
        organizationId: legacy,
        documentId: 'doc\u0001',
        newDocumentId: 'doc 1',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(migrateDocumentsRequest, {
        organizationId: 'o',
        documentId: 'doc',
        newDocumentId: 'doc\u0001',
      }),
    ).toBe(
      'must not contain control or bidirectional formatting characters (U+0001 at character 4)',
    );
  });

  it('may not be created through a write that names it', () => {
    expect(
      firstMessage(addOrganizationsRequest, {
        organizations: [{ organizationId: 'acme\tcorp', organizationName: 'Acme' }],
      }),
    ).toMatch(/^must not contain control/);
  });

  it('takes the rule of new ids where the call creates the organization or document', () => {
    const documents = { documents: [{ documentId: 'd1', documentName: 'One' }] };
    const legacy = 'acme\tcorp';
    expect(addDocumentsRequest.safeParse({ organizationId: legacy, ...documents }).success).toBe(
      true,
    );
    const created = addDocumentsRequest.safeParse({
      organizationId: legacy,
      createOrganization: true,
      ...documents,
    });
    expect(created.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [
        ['organizationId'],
        'must not contain control or bidirectional formatting characters (U+0009 at character 5), as the id of what createOrganization creates',
      ],
    ]);
    const notification = {
      organizationId: 'o1',
      documentId: 'doc\tone',
      actionUser: { userId: 'u1' },
      displayHeadlineMessageTemplate: 'x',
      displayBodyMessage: 'y',
      notifyUsers: [],
    };
    expect(addNotificationsRequest.safeParse(notification).success).toBe(true);
    expect(
      addNotificationsRequest.safeParse({ ...notification, createDocument: true }).error?.issues[0]
        ?.path,
    ).toEqual(['documentId']);
  });
});

describe('names', () => {
  it('are trimmed, bounded, and hold no control character', () => {
    const name = nameSchema(10);
    expect(name.safeParse('  Acme  ').data).toBe('Acme');
    expect(firstMessage(name, '   ')).toBe('must not be empty');
    expect(firstMessage(name, 'x'.repeat(11))).toBe('must be at most 10 characters');
    for (const value of ['a\tb', 'a\u2029b', 'a\u0085b']) {
      expect(firstMessage(name, value), JSON.stringify(value)).toBe(
        'must not contain control characters such as a tab or a line break',
      );
    }
  });

  it('keep what a right-to-left name needs', () => {
    expect(nameSchema().safeParse('\u200fשלום 2024').success).toBe(true);
  });

  it('give an AI provider at most 64 characters, on the same schema the form uses', () => {
    expect(aiProviderSchema.safeParse('openai').success).toBe(true);
    expect(aiProviderSchema.safeParse('p'.repeat(64)).success).toBe(true);
    expect(
      updateApiKeyConfigRequest.safeParse({
        aiModelApiKey: [{ provider: 'p'.repeat(300), customerApiKey: 'sk-1' }],
      }).error?.issues[0]?.message,
    ).toBe('must be at most 64 characters');
  });
});

type Node = {
  type?: string | string[];
  pattern?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  allOf?: Node[];
  additionalProperties?: Node | boolean;
};

/** Every property of a request's JSON Schema, with its dotted path. */
function properties(node: Node, path = 'data'): [string, Node][] {
  const out: [string, Node][] = [];
  for (const part of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) {
    out.push(...properties(part, path));
  }
  if (node.items) out.push(...properties(node.items, `${path}[]`));
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    out.push([`${path}.${name}`, child], ...properties(child, `${path}.${name}`));
  }
  return out;
}

/** The patterns a string field (or the items of a list of strings) must match. */
function patternsOf(node: Node): string[] {
  const own = [node.pattern, ...(node.allOf ?? []).map((part) => part.pattern)];
  const nested = [...(node.anyOf ?? []), ...(node.items ? [node.items] : [])].flatMap(patternsOf);
  return [...own, ...nested].filter((p): p is string => p !== undefined);
}

describe('every endpoint', () => {
  const fields = allEndpoints.flatMap((e) =>
    properties(z.toJSONSchema(e.request, { io: 'input', unrepresentable: 'any' }) as Node).map(
      ([path, node]) => [`${e.name} ${path}`, path.split('.').at(-1) ?? '', node] as const,
    ),
  );
  const idRules = [ID_PATTERN.source, ID_REFERENCE_PATTERN.source];

  it('gives every id it takes one of the two id rules', () => {
    const idField = /(^|[a-z])(Id|Ids)$|^(id|uid|apiKey|channels)$/;
    const unruled = fields
      .filter(([, name, node]) => idField.test(name) && node.type !== 'boolean')
      .filter(([, name]) => name !== 'notificationId')
      // The hosted product names the e-mail provider's secret key `apiKey`: a secret, not an id.
      .filter(([where]) => where !== 'Update Email Config data.emailServiceConfig.apiKey')
      .filter(([, , node]) => !patternsOf(node).some((p) => idRules.includes(p)))
      .map(([where]) => where);
    expect(unruled).toEqual([]);
    expect(fields.filter(([, name]) => idField.test(name)).length).toBeGreaterThan(100);
    // The specification's own rule for notification ids is stricter than either.
    expect(notificationIdSchema.safeParse('a b').success).toBe(false);
  });

  it('gives every name it takes a character rule', () => {
    const nameField = /^(name|[a-z]+Name|featureType|actionType|provider)$/;
    const unruled = fields
      .filter(([, name]) => nameField.test(name))
      .filter(([where]) => !/Get Activity Logs/.test(where))
      .filter(
        ([, , node]) =>
          !patternsOf(node).some((p) => p === NAME_PATTERN.source || p === '^[a-z][a-z0-9_-]*$'),
      )
      .map(([where]) => where);
    expect(unruled).toEqual([]);
    expect(fields.filter(([, name]) => nameField.test(name)).length).toBeGreaterThan(10);
  });
});
