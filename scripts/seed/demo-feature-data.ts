import type { User } from '#contract/common';
import type { Random } from './names';

const ICONS = ['👍', '🎉', '❤️', '👀', '✅'];
const RECORDING_TYPES = ['audio', 'video', 'screen'] as const;
const REVIEW_ACTIONS = ['approved', 'rejected', 'comment'] as const;

export interface DemoReaction {
  documentId: string;
  reactionId: string;
  annotationId: string;
  icon: string;
  from: User;
}

export interface DemoRecording {
  documentId: string;
  recordingId: string;
  type: (typeof RECORDING_TYPES)[number];
  url: string;
  durationMs: number;
  from: User;
}

export interface DemoActivity {
  id: string;
  documentId: string;
  featureType: string;
  actionType: string;
  actionUser: User;
  changes: Record<string, { from: unknown; to: unknown }>;
  displayMessageTemplate: string;
  displayMessageTemplateData: Record<string, unknown>;
}

/**
 * Reactions on some comment threads, recordings on some documents and review activities of an
 * organization, with ids fixed by the plan so that a second seed adds nothing. Adding reactions
 * and recordings records their own activities too.
 */
export function demoFeatureData(
  r: Random,
  documents: readonly { documentId: string; documentName: string }[],
  users: readonly User[],
  annotations: readonly { documentId: string; annotationId: string }[],
) {
  const reactions: DemoReaction[] = annotations
    .filter(() => r.next() < 0.5)
    .flatMap((a) =>
      Array.from({ length: r.int(1, 3) }, (_, n) => ({
        documentId: a.documentId,
        reactionId: `${a.annotationId}-r${n + 1}`,
        annotationId: a.annotationId,
        icon: r.pick(ICONS),
        from: r.pick(users),
      })),
    );
  const recordings: DemoRecording[] = documents
    .filter(() => r.next() < 0.05)
    .map((d) => {
      const type = r.pick(RECORDING_TYPES);
      return {
        documentId: d.documentId,
        recordingId: `${d.documentId}-rec1`,
        type,
        url: `https://media.example.com/${d.documentId}/${type}.webm`,
        durationMs: r.int(5, 600) * 1000,
        from: r.pick(users),
      };
    });
  const activities: DemoActivity[] = documents
    .filter(() => r.next() < 0.1)
    .map((d) => {
      const decision = r.pick(REVIEW_ACTIONS);
      return {
        id: `${d.documentId}-review`,
        documentId: d.documentId,
        featureType: 'custom',
        actionType: decision,
        actionUser: r.pick(users),
        changes: { status: { from: 'in review', to: decision } },
        displayMessageTemplate: '{{actionUser}} marked {{document}} as {{status}}',
        displayMessageTemplateData: { document: d.documentName, status: decision },
      };
    });
  return { reactions, recordings, activities };
}
