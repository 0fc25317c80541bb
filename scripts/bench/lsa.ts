import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runLoad } from './load';

const CHAT = join(import.meta.dirname, '..', '..', 'apps', 'api', 'test', 'fixtures', 'chat');

/**
 * A CHAT transcript of 1,000 child utterances with their %mor: Brown's Adam at 3;1 (990 utterances
 * of the child among 2,100) and his first ten again.
 */
export function thousandUtterances(): string {
  const lines = readFileSync(join(CHAT, 'adam22.cha'), 'utf8').replace(/\r/g, '').split('\n');
  const end = lines.lastIndexOf('@End');
  const first = lines.findIndex((l) => l.startsWith('*'));
  const again: string[] = [];
  let children = 0;
  for (let i = first; i < end && children < 10; i++) {
    if (lines[i]!.startsWith('*CHI:')) children++;
    if (children && (lines[i]!.startsWith('*CHI:') || (!lines[i]!.startsWith('*') && !lines[i]!.startsWith('@'))))
      again.push(lines[i]!);
    if (lines[i]!.startsWith('*') && !lines[i]!.startsWith('*CHI:') && children) {
      // skip adults' lines and their tiers
      while (i + 1 < end && !lines[i + 1]!.startsWith('*')) i++;
    }
  }
  const text = [...lines.slice(0, end), ...again, '@End', ''].join('\n');
  const count = text.split('\n').filter((l) => l.startsWith('*CHI:')).length;
  if (count !== 1000) throw new Error(`the bench transcript has ${count} child utterances, not 1,000`);
  return text;
}

/**
 * `POST /api/lsa/analyze` on a 1,000-utterance CHAT transcript, one request at a time and
 * four at once; then an assessment of that transcript and the time to make its PDF report.
 */
export async function benchLsa(base: string, token: string, seconds: number): Promise<void> {
  const text = thousandUtterances();
  const body = JSON.stringify({ language: 'en', format: 'chat', text });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const check = await fetch(`${base}/api/lsa/analyze`, { method: 'POST', headers, body });
  if (check.status !== 200) throw new Error(`the analysis answered ${check.status}`);
  const m = ((await check.json()) as { data: { mlu_m: { utterances: number; value: number } } }).data;
  console.log(
    `\nLanguage-sample analysis: ${(body.length / 1024).toFixed(0)} KB of CHAT, 1,000 child utterances (MLU-m ${m.mlu_m.value} over ${m.mlu_m.utterances})`,
  );
  for (const connections of [1, 4]) {
    const r = await runLoad({ url: `${base}/api/lsa/analyze`, connections, seconds, method: 'POST', body, headers });
    console.log(
      `  ${connections} at once: ${r.rps.toFixed(1)} analyses/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  errors ${r.errors}`,
    );
  }

  const students = (await (await fetch(`${base}/api/clients?max=1`, { headers })).json()) as { data: { id: string }[] };
  const created = await fetch(`${base}/api/assessments`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      student_id: students.data[0]!.id,
      title: 'Bench · Adam at 3;1',
      language: 'en',
      format: 'chat',
      transcript: text,
    }),
  });
  if (created.status !== 201) throw new Error(`the assessment answered ${created.status}`);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 12; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/assessments/${id}/report.pdf`, { headers });
    size = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`the report answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  PDF report of that assessment (${(size / 1024).toFixed(0)} KB): p50 ${times[6]!.toFixed(0)} ms, slowest ${times.at(-1)!.toFixed(0)} ms over 12 (the first includes reading the fonts)`,
  );
  await fetch(`${base}/api/assessments/${id}`, { method: 'DELETE', headers });
}
