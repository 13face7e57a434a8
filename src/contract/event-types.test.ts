import { describe, expect, it } from 'vitest';
import { eventFields } from './event-type-fields';
import { catalogEventTypes, eventCatalog } from './event-catalog';
import { eventTypeSchema } from './webhooks';

describe('the event-type catalog', () => {
  it.each(catalogEventTypes)('%s: a valid type name, a sample its schema accepts', (type) => {
    const entry = eventCatalog[type];
    expect(eventTypeSchema.safeParse(type).success).toBe(true);
    expect(entry.data.safeParse(entry.sample).error).toBeUndefined();
    expect(entry.description.length).toBeGreaterThan(10);
  });

  it('lists the fields of a schema at every depth, parents first, arrays as []', () => {
    const fields = eventFields(eventCatalog['comment.add'].data);
    const paths = fields.map((f) => f.path);
    expect(paths).toContain('comment.from.userId');
    expect(paths).toContain('comment.to[].userId');
    expect(paths.indexOf('comment')).toBeLessThan(paths.indexOf('comment.commentText'));
    expect(fields.find((f) => f.path === 'comment.to')).toMatchObject({
      type: 'array',
      required: false,
      description: 'The users the comment is addressed to.',
    });
    expect(fields.find((f) => f.path === 'comment.from.userId')).toMatchObject({
      type: 'string',
      required: true,
    });
  });
});
