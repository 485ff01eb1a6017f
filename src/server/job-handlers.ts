import { createSendPasswordResetHandler } from './auth/password-reset-job.ts';
import {
  type ApprovalDecisionEmailDependencies,
  type ApprovalEmailsDependencies,
  createApprovalDecisionEmailHandler,
  createApprovalEmailsHandler,
} from './features/approval-emails/service.ts';
import { createResendContactEmailHandler } from './features/contact/service.ts';
import { createGeneratePostsHandler } from './features/generation/generate-posts-job.ts';
import { type MetricsDependencies, createReadMetricsHandler } from './features/metrics/service.ts';
import { type MonthlyReportsDependencies, createMonthlyReportsHandler } from './features/monthly-reports/service.ts';
import { type TokenRefreshDependencies, createRefreshTokensHandler } from './features/social/token-refresh.ts';
import { createSendWelcomeHandler } from './features/users/service.ts';
import type { JobHandler, JobKind } from './jobs/job-queue.ts';

/** What each kind of job needs to run, by kind. */
export interface JobHandlerDependencies {
  'approval-emails': ApprovalEmailsDependencies;
  'generate-posts': Parameters<typeof createGeneratePostsHandler>[0];
  'monthly-reports': MonthlyReportsDependencies;
  /** Publishing builds its handler with its sweep (features/publishing/service.ts). */
  'publish-post': JobHandler;
  'read-metrics': MetricsDependencies;
  'refresh-tokens': TokenRefreshDependencies;
  'send-approval-decision': ApprovalDecisionEmailDependencies;
  'send-email': Parameters<typeof createResendContactEmailHandler>[0];
  'send-password-reset': Parameters<typeof createSendPasswordResetHandler>[0];
  'send-welcome': Parameters<typeof createSendWelcomeHandler>[0];
}

/**
 * Every job kind's handler, in one place (app.ts hands them to the worker). A Record, not a Partial:
 * a kind added to JOB_KINDS without a handler does not typecheck.
 */
export function createJobHandlers(deps: JobHandlerDependencies): Record<JobKind, JobHandler> {
  return {
    'approval-emails': createApprovalEmailsHandler(deps['approval-emails']),
    'generate-posts': createGeneratePostsHandler(deps['generate-posts']),
    'monthly-reports': createMonthlyReportsHandler(deps['monthly-reports']),
    'publish-post': deps['publish-post'],
    'read-metrics': createReadMetricsHandler(deps['read-metrics']),
    'refresh-tokens': createRefreshTokensHandler(deps['refresh-tokens']),
    'send-approval-decision': createApprovalDecisionEmailHandler(deps['send-approval-decision']),
    'send-email': createResendContactEmailHandler(deps['send-email']),
    'send-password-reset': createSendPasswordResetHandler(deps['send-password-reset']),
    'send-welcome': createSendWelcomeHandler(deps['send-welcome']),
  };
}
