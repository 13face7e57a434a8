import { describe, expect, it } from 'vitest';
import { idReferenceRule, idRule } from '#contract/descriptions';
import { addOrganizations, deleteOrganizations } from '#contract/organizations';
import { endpointDocs } from './endpoint-docs';

describe('endpointDocs', () => {
  it('says in words what an id may hold, new or naming stored data', () => {
    const added = endpointDocs(addOrganizations).fields.find(
      (field) => field.name === 'organizations[].organizationId',
    );
    expect(added?.description).toBe(idRule());
    const deleted = endpointDocs(deleteOrganizations).fields.find(
      (field) => field.name === 'organizationIds',
    );
    expect(deleted?.rules).toContain('items 1–1000');
    expect(deleted?.description).toBe(idReferenceRule());
    const name = endpointDocs(addOrganizations).fields.find(
      (field) => field.name === 'organizations[].organizationName',
    );
    expect(name?.description).toMatch(/^A name: trimmed, 1 to 200 characters/);
  });
});
