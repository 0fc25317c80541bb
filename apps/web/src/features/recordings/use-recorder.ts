import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped';
export type Take = { blob: Blob; url: string; durationMs: number; type: string };

/** Whether this browser can record from a microphone (not over plain HTTP, not in every webview). */
export const canRecordAudio = (): boolean =>
  typeof window !== 'undefined' && 'MediaRecorder' in window && !!navigator.mediaDevices?.getUserMedia;

/** The first container the browser records to, in the order the server decodes best (all are accepted). */
function recordingType(): string | undefined {
  const candidates = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
  return candidates.find(
    (type) => typeof MediaRecorder.isTypeSupported === 'function' && MediaRecorder.isTypeSupported(type),
  );
}

/** A file name for a take of this type (the server reads the type from the bytes anyway). */
export function takeFileName(type: string): string {
  const extension = type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm';
  return `recording-${new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-')}.${extension}`;
}

type Clock = { accumulated: number; since: number };
/** Time recorded so far: the finished stretches, and the one running since `since` (0 while paused or stopped). */
const elapsedOf = (c: Clock) => c.accumulated + (c.since ? performance.now() - c.since : 0);

/** The loudness of a block of samples on a 0–1 scale that moves with speech (−60 dBFS … 0). */
export function levelOf(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  if (rms <= 0) return 0;
  return Math.max(0, Math.min(1, (20 * Math.log10(rms) + 60) / 60));
}

/**
 * A microphone recording in the browser: start, pause, resume, stop, with the time recorded (pauses
 * not counted), the live input level (an AnalyserNode), a hard stop at `maxMs`, and the take as a
 * blob with an object URL to listen to before sending. The microphone is released at stop and when
 * the component goes away.
 */
export function useRecorder(maxMs: number) {
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [take, setTake] = useState<Take | null>(null);
  const [error, setError] = useState<'refused' | 'failed' | null>(null);
  const [limitReached, setLimitReached] = useState(false);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const frame = useRef<number | null>(null);
  const clock = useRef<Clock>({ accumulated: 0, since: 0 });
  const takeUrl = useRef<string | null>(null);

  const release = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    void audio.current?.close().catch(() => undefined);
    audio.current = null;
    setLevel(0);
  }, []);

  const stop = useCallback((limit = false) => {
    const rec = recorder.current;
    if (!rec || rec.state === 'inactive') return;
    clock.current = { accumulated: elapsedOf(clock.current), since: 0 };
    setLimitReached(limit);
    rec.stop();
  }, []);

  // The clock, and the hard stop at the limit.
  useEffect(() => {
    if (state !== 'recording') return;
    const tick = setInterval(() => {
      const ms = elapsedOf(clock.current);
      setElapsedMs(ms);
      if (ms >= maxMs) stop(true);
    }, 250);
    return () => clearInterval(tick);
  }, [state, maxMs, stop]);

  useEffect(
    () => () => {
      if (recorder.current && recorder.current.state !== 'inactive') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      release();
      if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
    },
    [release],
  );

  const start = useCallback(async () => {
    setError(null);
    setLimitReached(false);
    setState('starting');
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError('refused');
      setState('idle');
      return;
    }
    try {
      stream.current = media;
      const type = recordingType();
      const rec = type ? new MediaRecorder(media, { mimeType: type }) : new MediaRecorder(media);
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      rec.onstop = () => {
        release();
        recorder.current = null;
        const blobType = rec.mimeType || chunks[0]?.type || 'audio/webm';
        const blob = new Blob(chunks, { type: blobType });
        if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
        const url = URL.createObjectURL(blob);
        takeUrl.current = url;
        setElapsedMs(clock.current.accumulated);
        setTake({ blob, url, durationMs: clock.current.accumulated, type: blobType });
        setState('stopped');
      };
      recorder.current = rec;

      // The level meter: the input's loudness, read every animation frame, drawn about ten times a second.
      const ctx = new AudioContext();
      audio.current = ctx;
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 1024;
      ctx.createMediaStreamSource(media).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let last = 0;
      const read = (now: number) => {
        if (now - last > 90) {
          last = now;
          analyser.getFloatTimeDomainData(samples);
          setLevel(recorder.current?.state === 'recording' ? levelOf(samples) : 0);
        }
        frame.current = requestAnimationFrame(read);
      };
      frame.current = requestAnimationFrame(read);

      // Chunks every second: an hour is never one buffer to build at the end.
      rec.start(1000);
      clock.current = { accumulated: 0, since: performance.now() };
      setElapsedMs(0);
      setTake(null);
      setState('recording');
    } catch {
      release();
      setError('failed');
      setState('idle');
    }
  }, [release]);

  const pause = useCallback(() => {
    if (recorder.current?.state !== 'recording') return;
    recorder.current.pause();
    clock.current = { accumulated: elapsedOf(clock.current), since: 0 };
    setElapsedMs(clock.current.accumulated);
    setState('paused');
  }, []);

  const resume = useCallback(() => {
    if (recorder.current?.state !== 'paused') return;
    recorder.current.resume();
    clock.current = { accumulated: clock.current.accumulated, since: performance.now() };
    setState('recording');
  }, []);

  const discard = useCallback(() => {
    if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
    takeUrl.current = null;
    setTake(null);
    setElapsedMs(0);
    setLimitReached(false);
    setState('idle');
  }, []);

  return { state, elapsedMs, level, take, error, limitReached, start, pause, resume, stop: () => stop(false), discard };
}

export type Recorder = ReturnType<typeof useRecorder>;
