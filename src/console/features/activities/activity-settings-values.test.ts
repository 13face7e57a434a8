import { describe, expect, it } from 'vitest';
import { defaultActivityServiceConfig } from '#contract/activity-config';
import { activitySettingsValues, changedActivitySettings } from './activity-settings-values';

describe('the activity settings form', () => {
  it('shows the saved settings and sends only what changed', () => {
    const saved = defaultActivityServiceConfig;
    const values = activitySettingsValues(saved);
    expect(values).toEqual({
      isEnabled: true,
      immutable: false,
      commentTriggers: ['comment_annotation.add', 'comment.add'],
    });
    expect(changedActivitySettings(values, saved)).toEqual({ activityServiceConfig: {} });
    expect(
      changedActivitySettings(
        { ...values, immutable: true, commentTriggers: ['comment_annotation.add'] },
        saved,
      ),
    ).toEqual({
      activityServiceConfig: { immutable: true, triggers: { comment: { 'comment.add': false } } },
    });
  });
});
