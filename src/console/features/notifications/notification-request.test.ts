import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import {
  type NotificationValues,
  blankNotification,
  buildNotification,
  notificationResolver,
  previewData,
} from './notification-request';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

function filled(patch: Partial<NotificationValues> = {}): NotificationValues {
  return {
    ...blankNotification('org-1', 'doc-1'),
    actionUser: { userId: 'u1', name: 'Ada', email: '' },
    displayHeadlineMessageTemplate: '{actionUser} shared {documentName}',
    displayBodyMessage: 'Have a look',
    ...patch,
  };
}

describe('buildNotification', () => {
  it('leaves blank optional fields and default booleans out', () => {
    expect(buildNotification(filled())).toEqual({
      request: {
        organizationId: 'org-1',
        documentId: 'doc-1',
        actionUser: { userId: 'u1', name: 'Ada' },
        displayHeadlineMessageTemplate: '{actionUser} shared {documentName}',
        displayBodyMessage: 'Have a look',
        notifyUsers: [],
        notifyAll: true,
      },
    });
  });

  it('reads the JSON fields, and refuses text that is not a JSON object', () => {
    const built = buildNotification(
      filled({
        displayHeadlineMessageTemplateData: '{"documentName": "Plan"}',
        notificationSourceData: '[1]',
        createDocument: true,
      }),
    );
    expect(built.problems).toEqual({
      notificationSourceData: expect.stringMatching(/JSON object/) as unknown,
    });
  });
});

describe('notificationResolver (the contract, through contractResolver)', () => {
  it('passes a valid notification', async () => {
    const result = await notificationResolver(filled(), undefined, options as never);
    expect(result.errors).toEqual({});
  });

  it('puts each rule broken on its field', async () => {
    const result = await notificationResolver(
      filled({
        notificationId: 'bad id!',
        displayBodyMessage: ' ',
        notifyAll: false,
        displayHeadlineMessageTemplateData: '{"actionUser": 3}',
      }),
      undefined,
      options as never,
    );
    expect(result.errors.notificationId?.message).toMatch(/letters, digits/);
    expect(result.errors.displayBodyMessage?.message).toBe('must not be empty');
    expect(result.errors.notifyUsers?.message).toMatch(/at least one user/);
    expect(result.errors.displayHeadlineMessageTemplateData?.message).toMatch(
      /^actionUser: must be a user object/,
    );
  });

  it('refuses JSON that does not parse before asking the contract', async () => {
    const result = await notificationResolver(
      filled({ notificationSourceData: '{oops' }),
      undefined,
      options as never,
    );
    expect(result.errors.notificationSourceData?.message).toMatch(/^is not valid JSON/);
  });
});

describe('previewData', () => {
  it('fills actionUser from the acting user unless the data names one', () => {
    const user = { userId: 'u1', name: 'Ada', email: '' };
    expect(
      previewData({ actionUser: user, displayHeadlineMessageTemplateData: '{"a":"b"}' }),
    ).toEqual({
      data: { actionUser: user, a: 'b' },
      readable: true,
    });
    expect(
      previewData({ actionUser: user, displayHeadlineMessageTemplateData: '{"actionUser":"Bo"}' })
        .data.actionUser,
    ).toBe('Bo');
    expect(
      previewData({ actionUser: user, displayHeadlineMessageTemplateData: '{' }).readable,
    ).toBe(false);
  });
});
