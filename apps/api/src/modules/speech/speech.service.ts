import type { SpeechBody } from '@habla/shared';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError, tooManyRequests } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage/index';
import { createFile, type FileInfo, type FilesContext } from '../files/files.service';
import { cleanFileName } from '../files/upload';
import { SynthesizerBusy, type Synthesizer } from './synthesizer';

export type SpeechContext = FilesContext & { synthesizer: Synthesizer };

/** A file name that says what the prompt speaks: `prompt-which-one-is-the-apple.wav`. */
export function promptFileName(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    // The lookbehinds try a trailing run only where it starts: linear time (decision 005).
    .replace(/^-+|(?<!-)-+$/g, '')
    .slice(0, 48)
    .replace(/(?<!-)-+$/, '');
  return cleanFileName(`prompt${words ? `-${words}` : ''}.wav`);
}

/**
 * Speak a text as an audio prompt and keep it as a file of the actor's account (the same row, audit
 * entry and scope as an upload), for a question or a sentence of an activity to point at.
 */
export async function createSpeechPrompt(ctx: SpeechContext, body: SpeechBody): Promise<FileInfo> {
  let wav: Buffer;
  try {
    wav = await ctx.synthesizer.speak(body.text, body.language);
  } catch (err) {
    if (err instanceof SynthesizerBusy) throw tooManyRequests(5, 'speech.busy');
    ctx.log.error({ err }, 'speech synthesis failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'speech.failed');
  }
  const key = newStorageKey(ctx.actor.account_id);
  await ctx.storage.putStream(key, Readable.from([wav]), { contentType: 'audio/wav' });
  return createFile(ctx, {
    key,
    name: promptFileName(body.text),
    contentType: 'audio/wav',
    size: wav.length,
    sha256: crypto.createHash('sha256').update(wav).digest('hex'),
  });
}
