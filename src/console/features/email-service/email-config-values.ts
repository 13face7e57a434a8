import type {
  EmailConfig,
  EmailProvider,
  EmailTrigger,
  UpdateEmailConfigRequest,
} from '#contract/email-service';

type Update = NonNullable<UpdateEmailConfigRequest>;
type ConfigUpdate = NonNullable<Update['emailServiceConfig']>;

// A type, not an interface: the form's values must read as a record.
export type EmailConfigValues = {
  useEmailService: boolean;
  type: EmailProvider;
  /** Blank keeps the stored key: it is never read back. */
  apiKey: string;
  fromEmail: string;
  fromCompany: string;
  /** The triggers, under names without dots (react-hook-form reads a dot as a path). */
  triggers: { annotationAdd: boolean; commentAdd: boolean };
};

/** The trigger each form field stands for. */
export const triggerFields = {
  annotationAdd: 'comment_annotation.add',
  commentAdd: 'comment.add',
} as const satisfies Record<keyof EmailConfigValues['triggers'], EmailTrigger>;

export function emailConfigValues(config: EmailConfig): EmailConfigValues {
  const c = config.emailServiceConfig;
  return {
    useEmailService: config.useEmailService,
    type: c.type,
    apiKey: '',
    fromEmail: c.fromEmail,
    fromCompany: c.fromCompany,
    triggers: {
      annotationAdd: c.triggers['comment_annotation.add'],
      commentAdd: c.triggers['comment.add'],
    },
  };
}

/** The request for what changed against the saved configuration, and nothing else. */
export function changedEmailConfig(values: EmailConfigValues, saved: EmailConfig): Update {
  const request: Update = {};
  if (values.useEmailService !== saved.useEmailService) {
    request.useEmailService = values.useEmailService;
  }
  const was = saved.emailServiceConfig;
  const config: ConfigUpdate = {};
  if (values.type !== was.type) config.type = values.type;
  if (values.apiKey.trim() !== '') config.apiKey = values.apiKey.trim();
  if (values.fromEmail.trim() !== was.fromEmail) config.fromEmail = values.fromEmail.trim();
  if (values.fromCompany.trim() !== was.fromCompany) config.fromCompany = values.fromCompany.trim();
  const triggers: NonNullable<ConfigUpdate['triggers']> = {};
  for (const [field, trigger] of Object.entries(triggerFields) as [
    keyof typeof triggerFields,
    EmailTrigger,
  ][]) {
    if (values.triggers[field] !== was.triggers[trigger])
      triggers[trigger] = values.triggers[field];
  }
  if (Object.keys(triggers).length > 0) config.triggers = triggers;
  if (Object.keys(config).length > 0) request.emailServiceConfig = config;
  return request;
}

/** The form field of an issue in a request made by changedEmailConfig. */
export function emailConfigFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [field, inner, trigger] = path;
  if (field !== 'emailServiceConfig') return typeof field === 'string' ? field : undefined;
  if (inner === 'triggers') {
    const entry = Object.entries(triggerFields).find(([, t]) => t === trigger);
    return entry ? `triggers.${entry[0]}` : 'triggers.annotationAdd';
  }
  return typeof inner === 'string' ? inner : undefined;
}
