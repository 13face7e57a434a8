import type { User } from '#contract/common';
import { type AddNotificationsRequest, addNotificationsRequest } from '#contract/notifications';
import { type Built, contractResolver } from '../../lib/contract-resolver';
import { readJson } from '../../lib/json-text';

/** The add form's values: the request's fields, with the JSON ones as typed text. */
export interface NotificationValues {
  organizationId: string;
  documentId: string;
  notificationId: string;
  locationId: string;
  actionUser: { userId: string; name: string; email: string };
  displayHeadlineMessageTemplate: string;
  /** JSON text of an object. */
  displayHeadlineMessageTemplateData: string;
  displayBodyMessage: string;
  notifyUsers: User[];
  notifyAll: boolean;
  /** JSON text of an object. */
  notificationSourceData: string;
  createDocument: boolean;
  createOrganization: boolean;
}

export const blankNotification = (organizationId: string, documentId = ''): NotificationValues => ({
  organizationId,
  documentId,
  notificationId: '',
  locationId: '',
  actionUser: { userId: '', name: '', email: '' },
  displayHeadlineMessageTemplate: '',
  displayHeadlineMessageTemplateData: '',
  displayBodyMessage: '',
  notifyUsers: [],
  notifyAll: true,
  notificationSourceData: '',
  createDocument: false,
  createOrganization: false,
});

const jsonFields = ['displayHeadlineMessageTemplateData', 'notificationSourceData'] as const;

/** A blank optional field is "not given" (the contract refuses an empty one). */
const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The request the values make. The JSON fields must parse as objects first; blank optional
 * fields are left out; the booleans the service defaults are sent only when they differ.
 */
export function buildNotification(values: NotificationValues): Built {
  const problems: Record<string, string> = {};
  const json: Record<string, unknown> = {};
  for (const field of jsonFields) {
    const read = readJson(values[field], 'object');
    if (read.ok) json[field] = read.value;
    else problems[field] = read.message;
  }
  if (Object.keys(problems).length > 0) return { problems };
  const { userId, name, email } = values.actionUser;
  const request = {
    organizationId: values.organizationId,
    documentId: values.documentId,
    actionUser: {
      userId,
      ...(given(name) ? { name: given(name) } : {}),
      ...(given(email) ? { email: given(email) } : {}),
    },
    notificationId: given(values.notificationId),
    locationId: given(values.locationId),
    displayHeadlineMessageTemplate: values.displayHeadlineMessageTemplate,
    displayHeadlineMessageTemplateData: json.displayHeadlineMessageTemplateData,
    displayBodyMessage: values.displayBodyMessage,
    notifyUsers: values.notifyUsers,
    notifyAll: values.notifyAll,
    notificationSourceData: json.notificationSourceData,
    createDocument: values.createDocument || undefined,
    createOrganization: values.createOrganization || undefined,
  };
  return {
    request: Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined)),
  };
}

/** Where an issue of the request shows: the JSON fields and the recipients as a whole. */
export function notificationFieldOf(path: string): string {
  for (const field of [...jsonFields, 'notifyUsers']) {
    if (path === field || path.startsWith(`${field}.`)) return field;
  }
  return path;
}

export const notificationResolver = contractResolver<NotificationValues, AddNotificationsRequest>(
  addNotificationsRequest,
  {
    build: buildNotification,
    fieldOf: (path) => notificationFieldOf(path.join('.')),
    namesInnerKey: true,
  },
);

/**
 * The headline's variables as a preview fills them: the typed data (when it reads as an object),
 * with the acting user as `actionUser` when the data does not name one.
 */
export function previewData(
  values: Pick<NotificationValues, 'actionUser' | 'displayHeadlineMessageTemplateData'>,
): {
  data: Record<string, unknown>;
  readable: boolean;
} {
  const read = readJson(values.displayHeadlineMessageTemplateData, 'object');
  const { userId, name, email } = values.actionUser;
  const actionUser = userId.trim() ? { userId, name, email } : undefined;
  const typed = read.ok ? ((read.value as Record<string, unknown> | undefined) ?? {}) : {};
  return { data: { ...(actionUser ? { actionUser } : {}), ...typed }, readable: read.ok };
}
