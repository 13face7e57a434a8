import { getAuditLog } from '#contract/audit-log';
import { answerRoute } from '../../http/route';
import type { ServiceModule } from '../../http/service-module';
import * as auditLog from './get-audit-log';

/** The audit log's one endpoint, a read: entries are written by the binding of each write call. */
export const auditLogModule: ServiceModule = {
  routes: (s) => [
    answerRoute(getAuditLog, (input, ctx) => auditLog.getAuditLog(s, ctx.auth.workspaceId, input)),
  ],
};
