import { SESSION_STATUSES } from '../enums';
import type { ResourceDef } from './define';

/**
 * Recorded sessions (docs/product.md §5 and §9): a language sample of a student, recorded
 * in the browser or uploaded, with the guardian's consent. The audio comes in through
 * `POST /api/recordings` (multipart: `file` and the fields below) and moves through the seed's
 * session statuses, each step a job on the queue: decoded to 16 kHz mono with its waveform, then
 * transcribed by the chosen engine into utterances the therapist corrects.
 */

/** Types a recording may be, read from its bytes: what phones, recorders and browsers make. */
export const RECORDING_TYPES = [
  'audio/wav',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/ogg',
  'audio/opus',
  'audio/webm',
  'video/webm',
  'audio/flac',
  'audio/x-flac',
] as const;
/** The longest recording accepted (minutes). */
export const RECORDING_MAX_MINUTES = 60;
/** The largest upload (bytes): an hour of 48 kHz stereo 24-bit WAV is about 1 GB. */
export const RECORDING_MAX_BYTES = 1024 * 1024 * 1024;
/** Who transcribes: the therapist into voice-activity segments, whisper.cpp on the server, or a hosted service. */
export const TRANSCRIPTION_ENGINES = ['manual', 'local', 'hosted'] as const;
export type TranscriptionEngineName = (typeof TRANSCRIPTION_ENGINES)[number];
/** Languages a sample is transcribed and analysed in. */
export const RECORDING_LANGUAGES = ['en', 'es'] as const;
/** The speaker of an utterance. */
export const SPEAKERS = ['STUDENT', 'THERAPIST', 'OTHER'] as const;
export type Speaker = (typeof SPEAKERS)[number];

/** Steps of the pipeline that run as jobs, and the status a recording waits in before each. */
export const PIPELINE_STEPS = ['audio', 'transcription'] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** Statuses while the server is still working on a recording (the screens follow them live). */
export const PIPELINE_RUNNING = [
  'RECORDED',
  'PENDING_AUDIO',
  'AUDIO_COMPLETED',
  'PENDING_TRANSCRIPTION',
  'SENT_TRANSCRIPTION',
  'PROCESSING_TRANSCRIPTION',
  'TRANSCRIPTION_COMPLETED',
] as const;

export const RECORDING_RESOURCES = {
  recordings: {
    name: 'recordings',
    controller: 'recordings',
    titleField: 'title',
    searchable: ['title'],
    defaultSort: { col: 'created_at', order: 'desc' },
    fields: [
      { name: 'title', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      {
        name: 'student_id',
        kind: 'relation',
        required: true,
        target: 'clients',
        as: 'student',
        sortable: true,
        filterable: true,
        listed: true,
      },
      {
        name: 'language',
        kind: 'enum',
        required: true,
        options: RECORDING_LANGUAGES,
        enumName: 'language',
        filterable: true,
      },
      {
        name: 'session_status',
        kind: 'enum',
        options: SESSION_STATUSES,
        enumName: 'sessionStatus',
        readOnly: true,
        sortable: true,
        filterable: true,
        listed: true,
      },
      {
        name: 'engine',
        kind: 'enum',
        options: TRANSCRIPTION_ENGINES,
        enumName: 'transcriptionEngine',
        readOnly: true,
        filterable: true,
        listed: true,
      },
      { name: 'duration_ms', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'progress', kind: 'int', readOnly: true },
      { name: 'failure_reason', kind: 'text', readOnly: true },
      { name: 'consent_by', kind: 'relation', target: 'users', as: 'consent_user', readOnly: true },
      { name: 'consent_at', kind: 'text', readOnly: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true },
    ],
    actions: [
      { name: 'retry', single: true, bulk: false, confirm: false, icon: 'play' },
      { name: 'complete', single: true, bulk: false, confirm: true, icon: 'check' },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type RecordingResourceName = keyof typeof RECORDING_RESOURCES;
export const RECORDING_RESOURCE_NAMES = Object.keys(RECORDING_RESOURCES) as RecordingResourceName[];
