/** What one e-mail about a comment says. */
export interface CommentMail {
  authorName: string;
  documentId: string;
  commentText: string;
  /** The recipient was mentioned in the comment (else they took part in the thread before). */
  mentioned: boolean;
  /** The comment opens a new thread. */
  newThread: boolean;
  link: string;
  company: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** Long comments are cut in the e-mail: the link leads to the whole thread. */
const MAX_QUOTED = 2000;
const quoted = (text: string) =>
  text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;

/** Subject, plain text and HTML of a comment's e-mail; everything the comment holds is escaped. */
export function renderCommentMail(m: CommentMail): RenderedMail {
  const action = m.mentioned
    ? 'mentioned you in a comment'
    : m.newThread
      ? 'started a thread'
      : 'replied in a thread you are in';
  const subject = `${m.authorName} ${action} on ${m.documentId}`;
  const why = m.mentioned
    ? 'You receive this e-mail because you were mentioned.'
    : 'You receive this e-mail because you took part in this thread.';
  const comment = quoted(m.commentText);
  const text = [
    `${m.authorName} ${action} on ${m.documentId}:`,
    '',
    ...comment.split('\n').map((line) => `> ${line}`),
    '',
    `Open the document: ${m.link}`,
    '',
    `${why}${m.company ? ` Sent by ${m.company}.` : ''}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p><strong>${escapeHtml(m.authorName)}</strong> ${action} on <strong>${escapeHtml(m.documentId)}</strong>:</p>`,
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px;white-space:pre-wrap">${escapeHtml(comment)}</blockquote>`,
    `<p><a href="${escapeHtml(m.link)}">Open the document</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(why)}${m.company ? ` Sent by ${escapeHtml(m.company)}.` : ''}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The test e-mail of Send Test Email. */
export function renderTestMail(company: string, provider: string, link: string): RenderedMail {
  const subject = `Test e-mail from ${company || 'the e-mail service'}`;
  const text = [
    `This is a test e-mail of the e-mail service, sent through the ${provider} provider.`,
    '',
    `Its settings: ${link}`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>This is a test e-mail of the e-mail service, sent through the <strong>${escapeHtml(provider)}</strong> provider.</p>`,
    `<p><a href="${escapeHtml(link)}">Its settings</a></p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
