import { served, stamp } from '@/test/render-app';

export const ACCOUNT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const LEO = '55555555-5555-4555-8555-555555555555';
export const REC = '66666666-6666-4666-8666-666666666666';

/** A recording as the API serves it to the signed-in user (with the `_actions` its policy allows). */
export const recording = (over: Record<string, unknown> = {}) =>
  served('recordings', {
    id: REC,
    title: 'Picture description · The park',
    student_id: LEO,
    student: { id: LEO, label: 'Leo Walker' },
    language: 'en',
    session_status: 'READY',
    engine: 'local',
    duration_ms: 125_000,
    progress: 100,
    failure_reason: null,
    consent_by: 'therapist-id',
    consent_user: { id: 'therapist-id', label: 'Ana Pérez' },
    consent_at: '2026-11-01T10:00:00.000Z',
    account_id: ACCOUNT,
    account: { id: ACCOUNT, label: 'Walker family' },
    ...stamp,
    ...over,
  });
