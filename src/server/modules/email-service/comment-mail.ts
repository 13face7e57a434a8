import { z } from 'zod';
import type { EmailTrigger } from '#contract/email-service';
import { newId } from '#server/crypto/secrets';
import type { DbOrTx } from '#server/db/transaction';
import type { EventConsumer } from '#server/events/event-consumers';
import type { DomainEvent } from '#server/events/event-outbox';
import type { Services } from '#server/services';
import { type EmailConfigRow, readEmailConfig } from './config-store';
import { triggersOf } from './email-config';
import { renderCommentMail } from './mail-render';
import { senderOf } from './sender';
import { oweEmails } from './send-job';
import type { NewSentEmail } from './store';
import { earlierAuthors, knownAddresses } from './recipient-store';

const user = z.object({ userId: z.string(), name: z.string().optional() });
const comment = z.object({
  commentId: z.string(),
  commentText: z.string(),
  from: user,
  to: z.array(user).optional(),
  createdAt: z.string(),
});
type Comment = z.infer<typeof comment>;
const where = { organizationId: z.string(), documentId: z.string(), annotationId: z.string() };
const annotationAdded = z.object({
  ...where,
  commentAnnotation: z.object({ comments: z.array(comment) }),
});
const commentAdded = z.object({ ...where, comment });

/** One comment to mail about, with the authors of the thread before it. */
interface MailedComment {
  trigger: EmailTrigger;
  organizationId: string;
  documentId: string;
  annotationId: string;
  comment: Comment;
  /** Authors of the thread's earlier comments, when known from the same call. */
  earlier: string[] | undefined;
}

/**
 * The comments a write's events mail about, by trigger: a new thread's first comment under
 * `comment_annotation.add`, each later comment under `comment.add` (its thread's earlier
 * authors from the same call's annotation event, or looked up when the thread is older).
 */
export function mailedComments(
  events: readonly DomainEvent[],
  on: (trigger: EmailTrigger) => boolean,
): MailedComment[] {
  const threads = new Map<string, Comment[]>();
  const mailed: MailedComment[] = [];
  for (const event of events) {
    if (event.type !== 'comment_annotation.add') continue;
    const parsed = annotationAdded.safeParse(event.data);
    if (!parsed.success) continue;
    const { commentAnnotation, ...at } = parsed.data;
    threads.set(at.annotationId, commentAnnotation.comments);
    const first = commentAnnotation.comments[0];
    if (first && on('comment_annotation.add')) {
      mailed.push({ trigger: 'comment_annotation.add', ...at, comment: first, earlier: [] });
    }
  }
  if (!on('comment.add')) return mailed;
  for (const event of events) {
    if (event.type !== 'comment.add') continue;
    const parsed = commentAdded.safeParse(event.data);
    if (!parsed.success) continue;
    const { comment: c, ...at } = parsed.data;
    const thread = threads.get(at.annotationId);
    const index = thread?.findIndex((t) => t.commentId === c.commentId) ?? -1;
    // A thread's first comment went under comment_annotation.add.
    if (index === 0) continue;
    const earlier =
      thread && index > 0 ? thread.slice(0, index).map((t) => t.from.userId) : undefined;
    mailed.push({ trigger: 'comment.add', ...at, comment: c, earlier });
  }
  return mailed;
}

/** The console's page of a document: the documents page of its organization, on its id. */
function documentLink(s: Services, apiKeyId: string, m: MailedComment): string {
  const url = new URL(`/keys/${encodeURIComponent(apiKeyId)}/documents`, s.config.consoleUrl);
  url.searchParams.set('organization', m.organizationId);
  url.searchParams.set('ids', m.documentId);
  return url.toString();
}

/** Who each comment is for: mentioned users, then earlier authors, and its author (left out later). */
async function recipientIds(
  db: DbOrTx,
  apiKeyId: string,
  m: MailedComment,
): Promise<{ wanted: string[]; mentioned: Set<string> }> {
  const mentioned = new Set((m.comment.to ?? []).map((u) => u.userId));
  const earlier =
    m.earlier ??
    (await earlierAuthors(db, apiKeyId, m.organizationId, m.annotationId, m.comment.createdAt));
  return { wanted: [...new Set([...mentioned, ...earlier, m.comment.from.userId])], mentioned };
}

/** The addresses of every user the comments name, one query per organization. */
async function addressesOf(
  db: DbOrTx,
  apiKeyId: string,
  planned: readonly { m: MailedComment; wanted: string[] }[],
): Promise<Map<string, Map<string, string>>> {
  const byOrganization = new Map<string, Set<string>>();
  for (const { m, wanted } of planned) {
    const ids = byOrganization.get(m.organizationId) ?? new Set<string>();
    for (const id of wanted) ids.add(id);
    byOrganization.set(m.organizationId, ids);
  }
  const known = new Map<string, Map<string, string>>();
  for (const [organizationId, ids] of byOrganization) {
    known.set(organizationId, await knownAddresses(db, apiKeyId, organizationId, [...ids]));
  }
  return known;
}

async function mailsOf(
  s: Services,
  db: DbOrTx,
  apiKeyId: string,
  comments: readonly MailedComment[],
  now: Date,
  config: EmailConfigRow,
): Promise<NewSentEmail[]> {
  const sender = senderOf(config, s.config.mailFrom);
  const planned = [];
  for (const m of comments) planned.push({ m, ...(await recipientIds(db, apiKeyId, m)) });
  const addresses = await addressesOf(db, apiKeyId, planned);
  const rows: NewSentEmail[] = [];
  for (const { m, wanted, mentioned } of planned) {
    const known = addresses.get(m.organizationId) ?? new Map<string, string>();
    const author = m.comment.from.userId;
    const authorAddress = known.get(author);
    const link = documentLink(s, apiKeyId, m);
    const sent = new Set<string>();
    for (const userId of wanted) {
      const to = known.get(userId);
      if (userId === author || !to || to === authorAddress || sent.has(to)) continue;
      sent.add(to);
      const mail = renderCommentMail({
        authorName: m.comment.from.name || author,
        documentId: m.documentId,
        commentText: m.comment.commentText,
        mentioned: mentioned.has(userId),
        newThread: m.trigger === 'comment_annotation.add',
        link,
        company: config.fromCompany,
      });
      rows.push({
        id: newId('eml'),
        apiKeyId,
        organizationId: m.organizationId,
        documentId: m.documentId,
        annotationId: m.annotationId,
        recipientUserId: userId,
        authorUserId: author,
        trigger: m.trigger,
        provider: config.provider,
        toAddress: to,
        ...sender,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        link,
        createdAt: now,
      });
    }
  }
  return rows;
}

/**
 * The e-mail service's consumer of comment events: while the key's service is on, each comment
 * of a trigger that is on owes an e-mail to the users it mentions and the thread's earlier
 * authors whose address the organization knows, never its author. The e-mails join the comment's
 * transaction as outbox rows with their jobs: they exist exactly when the comment does.
 */
export function commentMailConsumer(s: Services): EventConsumer {
  return async (tx, apiKeyId, events, now) => {
    if (!events.some((e) => e.type.startsWith('comment'))) return;
    const config = await readEmailConfig(tx, apiKeyId);
    if (!config?.enabled) return;
    const triggers = triggersOf(config);
    const comments = mailedComments(events, (t) => triggers[t]);
    if (comments.length === 0) return;
    await oweEmails(tx, s.jobs, await mailsOf(s, tx, apiKeyId, comments, now, config));
  };
}
