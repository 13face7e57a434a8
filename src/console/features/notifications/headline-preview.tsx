import { useWatch } from 'react-hook-form';
import { TemplateText } from '../../components/template-text';
import { missingVariables, renderTemplate } from '../../lib/message-template';
import { type NotificationValues, previewData } from './notification-request';

/** The headline as recipients will read it, filled as it is typed. */
export function HeadlinePreview() {
  const [template, dataText, actionUser] = useWatch<
    NotificationValues,
    ['displayHeadlineMessageTemplate', 'displayHeadlineMessageTemplateData', 'actionUser']
  >({
    name: ['displayHeadlineMessageTemplate', 'displayHeadlineMessageTemplateData', 'actionUser'],
  });
  const { data, readable } = previewData({
    actionUser,
    displayHeadlineMessageTemplateData: dataText,
  });
  const missing = missingVariables(renderTemplate(template, data));
  return (
    <section
      aria-label="Headline preview"
      className="space-y-1 rounded-md border border-border bg-surface-muted px-3 py-2"
    >
      <p className="text-xs font-medium text-muted">Preview</p>
      <p className="text-sm" aria-live="polite">
        {template.trim() ? (
          <TemplateText template={template} data={data} />
        ) : (
          <span className="text-muted">The headline shows here as you type it.</span>
        )}
      </p>
      {!readable ? (
        <p className="text-xs text-muted">The headline data is not a JSON object yet.</p>
      ) : missing.length > 0 ? (
        <p className="text-xs text-muted">No value yet for: {missing.join(', ')}.</p>
      ) : null}
    </section>
  );
}
