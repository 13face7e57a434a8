import type { CommentRow, ReactionRow, RecordingRow } from './export-store';

/**
 * The stored records as the export hands them back: the fields their Add calls take, under the
 * same names, with the ids that place them (document, annotation) and when they were stored.
 * Optional fields that were not given stay absent, as in Get Notifications.
 */
const iso = (ms: number) => new Date(ms).toISOString();

export const commentItem = (row: CommentRow) => ({
  annotationId: row.annotationId,
  documentId: row.documentId,
  commentId: row.commentId,
  commentText: row.commentText,
  from: row.from,
  createdAt: iso(row.createdMs),
});

export const reactionItem = (row: ReactionRow) => ({
  reactionId: row.reactionId,
  documentId: row.documentId,
  ...(row.annotationId === null ? {} : { annotationId: row.annotationId }),
  icon: row.icon,
  from: row.from,
  createdAt: iso(row.createdMs),
});

export const recordingItem = (row: RecordingRow) => ({
  recordingId: row.recordingId,
  documentId: row.documentId,
  type: row.type,
  url: row.url,
  ...(row.durationMs === null ? {} : { durationMs: row.durationMs }),
  from: row.from,
  createdAt: iso(row.createdMs),
});
