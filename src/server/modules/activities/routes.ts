import type { FastifyInstance } from 'fastify';
import { addCommentAnnotations } from '../../../contract/activities';
import { type BindOptions, bindEndpoint } from '../../http/bind';
import type { Services } from '../../services';
import type { DeliveryWake } from '../webhooks/routes';
import * as comments from './comment-annotations';

export function activitiesRoutes(
  app: FastifyInstance,
  s: Services,
  options: BindOptions,
  delivery: DeliveryWake,
): void {
  bindEndpoint(
    app,
    addCommentAnnotations,
    async (input, ctx) => {
      const { results, queued } = await comments.addCommentAnnotations(s, ctx.auth.apiKeyId, input);
      if (queued > 0) delivery.notify();
      return { data: results, message: 'Comment annotations processed.' };
    },
    options,
  );
}
