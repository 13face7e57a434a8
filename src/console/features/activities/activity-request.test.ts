import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { Activity } from '#contract/activities';
import {
  activityFieldOf,
  activityResolver,
  activityValues,
  buildUpdate,
  changesMap,
} from './activity-request';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

const stored: Activity = {
  id: 'a1',
  organizationId: 'org',
  documentId: 'doc',
  featureType: 'custom',
  actionType: 'approved',
  actionUser: { userId: 'u1' },
  changes: { status: { from: 'in review', to: 'approved' }, count: { from: 1, to: 2 } },
  entityData: null,
  entityTargetData: { id: 't' },
  displayMessageTemplate: '{{actionUser}} marked {{document}}',
  displayMessageTemplateData: { document: 'Plan' },
  actionIcon: null,
  timestamp: 1,
  updatedTimestamp: 1,
};

describe('activity edit form', () => {
  it('shows the stored activity, each change as a row', () => {
    const values = activityValues(stored);
    expect(values.changes).toEqual([
      { field: 'status', from: 'in review', to: 'approved' },
      { field: 'count', from: '1', to: '2' },
    ]);
    expect(values.entityData).toBe('');
    expect(JSON.parse(values.entityTargetData)).toEqual({ id: 't' });
  });

  it('sends only what changed', () => {
    const values = activityValues(stored);
    values.actionIcon = 'check';
    values.changes[0] = { field: 'status', from: 'in review', to: 'rejected' };
    expect(buildUpdate('org', stored, values)).toEqual({
      request: {
        organizationId: 'org',
        activities: [
          {
            id: 'a1',
            actionIcon: 'check',
            changes: {
              status: { from: 'in review', to: 'rejected' },
              count: { from: 1, to: 2 },
            },
          },
        ],
      },
    });
  });

  it('refuses rows without a name or named twice, and JSON that does not parse', () => {
    expect(changesMap([{ field: ' ', from: '', to: '' }])).toEqual({
      problem: 'Row 1 needs a field name.',
    });
    expect(
      changesMap([
        { field: 'a', from: '', to: '' },
        { field: 'a', from: '', to: '' },
      ]),
    ).toEqual({ problem: 'The field a is listed twice.' });
    const values = { ...activityValues(stored), displayMessageTemplateData: '[]', entityData: '{' };
    expect(buildUpdate('org', stored, values).problems).toEqual({
      displayMessageTemplateData: expect.stringMatching(/JSON object/) as unknown,
      entityData: expect.stringMatching(/not valid JSON/) as unknown,
    });
  });

  it('lets the contract refuse an update that changes nothing, on the form itself', async () => {
    const result = await activityResolver('org', stored)(
      activityValues(stored),
      undefined,
      options as never,
    );
    expect(result.errors.root?.message).toBe('must change at least one field besides id');
  });

  it('maps the contract issues to the form fields', () => {
    expect(activityFieldOf('activities.0.actionIcon')).toBe('actionIcon');
    expect(activityFieldOf('activities.0.changes.status')).toBe('changes');
    expect(activityFieldOf('activities.0')).toBe('root');
    expect(activityFieldOf('organizationId')).toBe('organizationId');
  });
});
