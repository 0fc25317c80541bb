import { readFileSync } from 'node:fs';
import { wavHeader } from '../../apps/api/src/modules/recordings/audio';
import { Synthesizer } from '../../apps/api/src/modules/speech/synthesizer';

/**
 * The server's resident memory while three 100 MB recordings upload at once (each streams
 * to storage; nothing holds a whole file), and the time from the upload of a 5-minute WAV of speech to
 * READY through the whole pipeline (decode, normalise, transcribe) with the manual engine (voice
 * activity segments) and with the local engine (whisper.cpp) on its test model.
 */
export async function benchRecordings(
  base: string,
  tokens: string[],
  serverPid: number | undefined,
  localEngine = process.env.BENCH_RECORDINGS_LOCAL !== 'false',
): Promise<void> {
  const auth = { authorization: `Bearer ${tokens[0]}` };
  const students = (await (await fetch(`${base}/api/clients?max=1`, { headers: auth })).json()) as {
    data: { id: string }[];
  };
  const studentId = students.data[0]?.id;
  if (!studentId) throw new Error('no student to record');
  const rss = () => {
    if (!serverPid) return NaN;
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  };
  const send = async (wav: Uint8Array, title: string, engine?: string, token = tokens[0]): Promise<string> => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      student_id: studentId,
      language: 'en',
      consent: 'true',
      title,
      ...(engine ? { engine } : {}),
    }))
      form.append(k, v);
    form.append('file', new Blob([wav], { type: 'audio/wav' }), `${title}.wav`);
    const res = await fetch(`${base}/api/recordings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { data?: { id: string } };
    if (res.status !== 201 || !body.data) throw new Error(`upload answered ${res.status}`);
    return body.data.id;
  };
  const remove = (id: string) => fetch(`${base}/api/recordings/${id}`, { method: 'DELETE', headers: auth });

  console.log('\nRecordings');
  // Three 100 MB uploads at once by three people (one person may send two at once); each recording is
  // deleted at once so its decoding does not run here.
  const big = wavOf(new Int16Array(50 * 1024 * 1024), 44_100);
  const before = rss();
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, rss())), 20);
  const t0 = performance.now();
  const ids = await Promise.all(
    [0, 1, 2].map((n) => send(big, `Bench upload ${n + 1}`, undefined, tokens[n % tokens.length])),
  );
  const took = performance.now() - t0;
  clearInterval(watch);
  for (const id of ids) await remove(id);
  console.log(
    `  three 100 MB uploads at once: ${(took / 1000).toFixed(1)} s; server RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most (+${(peak - before).toFixed(0)} MB)`,
  );

  // Five minutes of speech: a sentence and a pause, again and again.
  const synthesizer = new Synthesizer();
  const sentence = await synthesizer.speak('The little dog is running in the park with a red ball.', 'en');
  await synthesizer.close();
  const rate = sentence.readUInt32LE(24);
  const voice = new Int16Array(sentence.buffer.slice(sentence.byteOffset + 44, sentence.byteOffset + sentence.length));
  const samples = new Int16Array(rate * 300);
  for (let at = 0; at + voice.length < samples.length; at += voice.length + Math.round(rate * 0.8))
    samples.set(voice, at);
  const speech = wavOf(samples, rate);
  for (const engine of localEngine ? ['manual', 'local'] : ['manual']) {
    const start = performance.now();
    const id = await send(speech, `Bench ${engine}`, engine);
    const uploaded = performance.now() - start;
    let row: { session_status: string; failure_reason: string | null } = { session_status: '', failure_reason: null };
    const deadline = Date.now() + 30 * 60_000;
    while (row.session_status !== 'READY') {
      if (row.failure_reason || Date.now() > deadline)
        throw new Error(`the ${engine} pipeline stopped at ${row.session_status} (${row.failure_reason})`);
      await new Promise((r) => setTimeout(r, 200));
      row = ((await (await fetch(`${base}/api/recordings/${id}`, { headers: auth })).json()) as { data: typeof row })
        .data;
    }
    const total = performance.now() - start;
    const transcript = (await (await fetch(`${base}/api/recordings/${id}/utterances`, { headers: auth })).json()) as {
      data: { utterances: unknown[] };
    };
    console.log(
      `  5-minute WAV (${(speech.length / 1024 / 1024).toFixed(1)} MB) to READY with the ${engine} engine: ${(total / 1000).toFixed(1)} s (upload ${(uploaded / 1000).toFixed(1)} s), ${transcript.data.utterances.length} utterances`,
    );
    await remove(id);
  }
}

/** A 16-bit mono PCM WAV of these samples. */
function wavOf(samples: Int16Array, rate: number): Uint8Array {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const h = wavHeader(data.length, rate);
  return new Uint8Array(Buffer.concat([h, data]));
}
