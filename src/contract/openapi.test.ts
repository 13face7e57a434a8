import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints';
import { ID_PATTERN, ID_REFERENCE_PATTERN } from './ids';
import { idReferenceRule, idRule } from './descriptions';
import { buildOpenApiDocument } from './openapi';

interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}

const doc = buildOpenApiDocument();
const paths = doc.paths as Record<string, Record<string, Operation>>;

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
  });

  it('is checked by a validator that does refuse a broken document', async () => {
    const dangling = JSON.stringify(doc).replaceAll(
      '#/components/schemas/Folder',
      '#/components/schemas/Missing',
    );
    const result = await new Validator().validate(JSON.parse(dangling) as Record<string, unknown>);
    expect(result.valid).toBe(false);
  });

  it('has a POST operation for every endpoint', () => {
    for (const e of allEndpoints) {
      expect(paths[e.path]?.post, e.path).toBeDefined();
    }
    const newer = allEndpoints.filter((e) => e.alsoAt !== undefined);
    expect(Object.keys(paths)).toHaveLength(allEndpoints.length + newer.length);
  });

  it('lists each newer path beside its first, marked, with the same request and answers', () => {
    const newer = allEndpoints.filter((e) => e.alsoAt !== undefined);
    expect(newer.length).toBeGreaterThan(0);
    for (const e of newer) {
      const first = paths[e.path]?.post as unknown as Record<string, unknown>;
      const second = paths[e.alsoAt ?? '']?.post as unknown as Record<string, unknown>;
      expect(second['x-newer-path-of'], e.name).toBe(e.path);
      expect(first['x-newer-path-of'], e.name).toBeUndefined();
      expect(second.requestBody).toEqual(first.requestBody);
      expect(second.responses).toEqual(first.responses);
      expect(second.security).toEqual(first.security);
    }
  });

  it('has unique operationIds', () => {
    const ids = Object.values(paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers Delete All User Data with 202 and the others with 200', () => {
    for (const e of allEndpoints) {
      const codes = Object.keys(paths[e.path]?.post?.responses ?? {});
      expect(codes).toContain(e.envelope === 'C' ? '202' : '200');
    }
  });

  it('references the recursive Folder schema from components, not from the document root', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('#/$defs/');
    const schemas = (doc.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toContain('Folder');
    expect(JSON.stringify(schemas.Folder)).toContain('#/components/schemas/Folder');
  });

  it('says the rule of ids in words and as a pattern, on the fields and for the whole API', () => {
    const requestOf = (path: string) =>
      JSON.stringify(
        (paths[path]?.post as unknown as { requestBody: unknown } | undefined)?.requestBody,
      );
    const added = requestOf('/v2/organizations/add');
    expect(added).toContain(JSON.stringify(idRule()));
    expect(added).toContain(JSON.stringify(ID_PATTERN.source));
    const deleted = requestOf('/v1/organizations/delete');
    expect(deleted).toContain(JSON.stringify(idReferenceRule()));
    expect(deleted).toContain(JSON.stringify(ID_REFERENCE_PATTERN.source));
    expect((doc.info as { description: string }).description).toContain(idRule());
  });
});
