import { renderTemplate } from '../lib/message-template';

interface TemplateTextProps {
  template: string;
  data: Readonly<Record<string, unknown>> | null | undefined;
}

/**
 * A message template filled with its data, as text (never markup). Filled variables are in bold;
 * a variable without a value keeps its braces, underlined, so a missing value is noticed.
 */
export function TemplateText({ template, data }: TemplateTextProps) {
  return (
    <span className="break-words">
      {renderTemplate(template, data).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : part.kind === 'value' ? (
          <strong key={index} className="font-semibold">
            {part.text}
          </strong>
        ) : (
          <span
            key={index}
            title={`No value for ${part.name ?? ''}`}
            className="font-mono text-warning-soft-fg underline decoration-dashed underline-offset-2"
          >
            {part.text}
          </span>
        ),
      )}
    </span>
  );
}
