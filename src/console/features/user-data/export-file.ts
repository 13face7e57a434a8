import type { UserData } from '#contract/user-data';

/** The features of Get All User Data, in the order its answer and the file list them. */
export const exportFeatures = ['comments', 'reactions', 'recordings', 'notifications'] as const;
export type ExportFeature = (typeof exportFeatures)[number];

export type ExportFormat = 'json' | 'jsonl';

/** Who and when, at the head of a JSON export. */
export interface ExportSubject {
  organizationId: string;
  userId: string;
  exportedAt: string;
}

/**
 * The export file, built from the pages as they come: each page adds text parts, and only the
 * parts are kept (a Blob is made of them at the end), so a large export is never one big string
 * or one big object in memory.
 *
 * JSON: `{ organizationId, userId, exportedAt, comments: [...], reactions: [...], recordings:
 * [...], notifications: [...] }`, the pages' lists joined. JSON Lines: one record per line,
 * `{"feature":"comments","record":{...}}`, in the order the pages brought them.
 */
export interface ExportFile {
  add(page: UserData): void;
  /** The file's text, in parts; call once every page is added. */
  parts(): string[];
}

export function jsonLines(page: UserData): string {
  let text = '';
  for (const feature of exportFeatures) {
    for (const record of page[feature]) text += `${JSON.stringify({ feature, record })}\n`;
  }
  return text;
}

function jsonFile(subject: ExportSubject): ExportFile {
  // One list of parts per feature, since a page brings items of every feature at once.
  const lists: Record<ExportFeature, string[]> = {
    comments: [],
    reactions: [],
    recordings: [],
    notifications: [],
  };
  return {
    add(page) {
      for (const feature of exportFeatures) {
        const items = page[feature];
        if (items.length === 0) continue;
        const text = items.map((item) => JSON.stringify(item)).join(',');
        lists[feature].push(lists[feature].length === 0 ? text : `,${text}`);
      }
    },
    parts() {
      const head = JSON.stringify(subject).slice(0, -1);
      const out = [head];
      for (const feature of exportFeatures) {
        out.push(`,${JSON.stringify(feature)}:[`, ...lists[feature], ']');
      }
      out.push('}');
      return out;
    },
  };
}

function jsonLinesFile(): ExportFile {
  const lines: string[] = [];
  return {
    add(page) {
      const text = jsonLines(page);
      if (text) lines.push(text);
    },
    parts: () => lines,
  };
}

export function exportFile(format: ExportFormat, subject: ExportSubject): ExportFile {
  return format === 'jsonl' ? jsonLinesFile() : jsonFile(subject);
}

/** The downloaded file's name, e.g. `user-data-org-1-u-7.jsonl`. */
export function exportFileName(format: ExportFormat, organizationId: string, userId: string) {
  const safe = (id: string) => id.replace(/[^\w.-]+/g, '_');
  return `user-data-${safe(organizationId)}-${safe(userId)}.${format}`;
}

export const exportMimeType: Record<ExportFormat, string> = {
  json: 'application/json',
  jsonl: 'application/x-ndjson',
};
