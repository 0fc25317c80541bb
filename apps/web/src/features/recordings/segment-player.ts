import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuthStore } from '@/lib/auth-store';
import { RECORDINGS_API } from './recordings-api';

/** The decoded audio the server keeps: 16 kHz mono 16-bit PCM WAV after a 44-byte header. */
export const WAV_HEADER_BYTES = 44;
export const SAMPLE_RATE = 16_000;
const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000;

/** The byte range of the decoded WAV that holds `start_ms … end_ms` (inclusive, as `Range: bytes=a-b` takes it). */
export function segmentRange(startMs: number, endMs: number): { start: number; end: number } {
  const start = WAV_HEADER_BYTES + Math.floor(startMs) * BYTES_PER_MS;
  return { start, end: Math.max(start + 1, WAV_HEADER_BYTES + Math.ceil(endMs) * BYTES_PER_MS - 1) };
}

/** Little-endian 16-bit samples as the Web Audio API's floats (−1 … 1). */
export function pcmToFloat(bytes: ArrayBuffer): Float32Array<ArrayBuffer> {
  const view = new DataView(bytes);
  const out = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < out.length; i += 1) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}

type Segment = { key: string; start_ms: number; end_ms: number };

/**
 * Plays one stretch of a recording without downloading the rest: asks the audio endpoint for just
 * those bytes (with the Bearer token a plain `<audio src>` could not send) and plays them through
 * the Web Audio API. One stretch at a time; playing another, or leaving, stops the first.
 */
export function useSegmentPlayer(recordingId: string) {
  const token = useAuthStore((s) => s.token);
  const context = useRef<AudioContext | null>(null);
  const source = useRef<AudioBufferSourceNode | null>(null);
  const request = useRef<AbortController | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const stop = useCallback(() => {
    request.current?.abort();
    request.current = null;
    if (source.current) {
      source.current.onended = null;
      try {
        source.current.stop();
      } catch {
        // Already ended.
      }
      source.current = null;
    }
    setPlaying(null);
    setLoading(null);
  }, []);

  useEffect(
    () => () => {
      stop();
      void context.current?.close().catch(() => undefined);
      context.current = null;
    },
    [stop],
  );

  const play = useCallback(
    async ({ key, start_ms, end_ms }: Segment) => {
      stop();
      setFailed(null);
      if (typeof window.AudioContext !== 'function') {
        setFailed(key);
        return;
      }
      // Made on the first press (a user gesture), so the browser lets it sound.
      const ctx = context.current ?? new AudioContext();
      context.current = ctx;
      if (ctx.state === 'suspended') await ctx.resume().catch(() => undefined);
      const ac = new AbortController();
      request.current = ac;
      setLoading(key);
      const range = segmentRange(start_ms, end_ms);
      try {
        const res = await fetch(`${RECORDINGS_API}/${recordingId}/audio`, {
          headers: {
            Range: `bytes=${range.start}-${range.end}`,
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
          },
          credentials: 'include',
          signal: ac.signal,
        });
        if (!res.ok) throw new Error(`audio ${res.status}`);
        let bytes = await res.arrayBuffer();
        // A server that ignores the range sends the whole file: take the stretch from it.
        if (res.status === 200) bytes = bytes.slice(range.start, range.end + 1);
        if (ac.signal.aborted) return;
        const samples = pcmToFloat(bytes);
        if (!samples.length) throw new Error('empty segment');
        const buffer = ctx.createBuffer(1, samples.length, SAMPLE_RATE);
        buffer.copyToChannel(samples, 0);
        const node = ctx.createBufferSource();
        node.buffer = buffer;
        node.connect(ctx.destination);
        node.onended = () => {
          if (source.current === node) {
            source.current = null;
            setPlaying(null);
          }
        };
        source.current = node;
        request.current = null;
        setLoading(null);
        setPlaying(key);
        node.start();
      } catch (error) {
        if ((error as Error)?.name === 'AbortError') return;
        request.current = null;
        setLoading(null);
        setFailed(key);
      }
    },
    [recordingId, stop, token],
  );

  return { play, stop, playing, loading, failed };
}
