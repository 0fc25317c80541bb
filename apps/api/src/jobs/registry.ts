import type { z } from 'zod';
import { recordingAudioJob, recordingsPurgeJob, recordingTranscribeJob } from '../modules/recordings/pipeline';
import { reportsExpireJob } from '../modules/reports/expire-reports';
import { reportMakeJob } from '../modules/reports/make-report';
import { emailSendJob } from './email-send';
import { statementsMakeJob } from './statements-make';
import { testFailJob, testSlowJob } from './test-jobs';
import type { JobDefinition } from './types';

/** Every job of the app: name → payload schema → handler. */
export const JOBS = {
  'email.send': emailSendJob,
  'statements.make': statementsMakeJob,
  'recording.audio': recordingAudioJob,
  'recording.transcribe': recordingTranscribeJob,
  'recordings.purge': recordingsPurgeJob,
  'report.make': reportMakeJob,
  'reports.expire': reportsExpireJob,
} as const satisfies Record<string, JobDefinition>;

/** Registered only when the configuration asks for them (tests). */
export const TEST_JOBS = {
  'test.fail': testFailJob,
  'test.slow': testSlowJob,
} as const satisfies Record<string, JobDefinition>;

type AllJobs = typeof JOBS & typeof TEST_JOBS;
export type JobName = keyof AllJobs;
export type JobPayload<N extends JobName> = z.input<AllJobs[N]['schema']>;

/** The definitions this instance runs. */
export const jobDefinitions = (withTestJobs: boolean): JobDefinition[] =>
  [...Object.values(JOBS), ...(withTestJobs ? Object.values(TEST_JOBS) : [])] as JobDefinition[];
