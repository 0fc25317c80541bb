import type { SESSION_STATUSES } from '@habla/shared/enums';
import { RECORDING_MAX_MINUTES, type RECORDING_RESOURCES } from '@habla/shared/resources/recordings';
import type { ResourceRow } from '@habla/shared/schemas/resource-row';
import type { Transcript, Waveform } from '@habla/shared/schemas/transcripts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { isPipelineRunning, RECORDING_POLL_MS } from '@/lib/recording-status';

export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A recording as `GET /api/recordings/:id` serves it: the row of its declaration
 * (packages/shared/src/resources/recordings.ts). */
export type RecordingRow = ResourceRow<typeof RECORDING_RESOURCES.recordings>;

export type { Transcript, Utterance, Waveform, Word } from '@habla/shared/schemas/transcripts';

export const RECORDINGS_API = '/api/recordings';

/**
 * The keys sit under the generic engine's `['records', 'recordings']`, so a declared action (retry,
 * complete) or an edit, which refreshes everything under it, refreshes the page too.
 */
const base = ['records', 'recordings'] as const;
export const recordingKeys = {
  one: (id: string) => [...base, 'one', id] as const,
  waveform: (id: string) => [...base, 'waveform', id] as const,
  transcript: (id: string) => [...base, 'utterances', id] as const,
};

/** One recording, asked again every 2 s while the server is processing it. */
export function useRecording(id: string) {
  return useQuery({
    queryKey: recordingKeys.one(id),
    queryFn: ({ signal }) =>
      api.get<{ status: true; data: RecordingRow }>(`${RECORDINGS_API}/${id}`, { signal, silentSuccess: true }),
    refetchInterval: (query) => (isPipelineRunning(query.state.data?.data) ? RECORDING_POLL_MS : false),
  });
}

/** The waveform's peaks, once the audio is decoded. */
export function useWaveform(id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordingKeys.waveform(id),
    queryFn: ({ signal }) =>
      api.get<{ data: Waveform }>(`${RECORDINGS_API}/${id}/waveform`, { signal, silent: true }).then((r) => r.data),
    enabled,
    staleTime: Infinity,
  });
}

/** The transcript, once there is one. */
export function useTranscript(id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordingKeys.transcript(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Transcript }>(`${RECORDINGS_API}/${id}/utterances`, { signal, silentSuccess: true })
        .then((r) => r.data),
    enabled,
  });
}

/**
 * The longest recording the MAA configuration takes (minutes; the pipeline's own limit while it loads
 * or if it cannot be read): the browser recorder stops there and the upload says so.
 */
export function useMaxRecordingMinutes(): number {
  const config = useQuery({
    queryKey: ['app-configuration', 'MAA'],
    queryFn: ({ signal }) =>
      api
        .get<{ data: { max_recording_minutes?: number } }>('/api/app-configuration/MAA', { signal, silent: true })
        .then((r) => r.data),
    staleTime: 5 * 60_000,
  });
  const configured = config.data?.max_recording_minutes;
  return typeof configured === 'number' && configured > 0
    ? Math.min(configured, RECORDING_MAX_MINUTES)
    : RECORDING_MAX_MINUTES;
}
