// The faults of `npm run faults` (scripts/faults.mjs): deliberate bugs of the kinds people make,
// each written as exact text replaced in one source file, with the tests that must catch it. The
// first eleven are the ones an audit found no test catching; the next twenty-two are the ones it
// found caught (scoring, the pass mark, repeated tries, consent, metadata, private images, both
// version checks, the CLAN rules and MATTR, crash recovery, streaming limits, scope); the rest guard
// what the hardening of decision 005 added (linear readers, upload pace, the CPU pool).
// scripts/faults.test.mjs checks that every `find` still occurs exactly once, so the catalog
// cannot go stale without a failing test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const API = 'api';
const SHARED = 'shared';
const WEB = 'web';

const PLAY_SESSION = 'apps/api/src/modules/player/session.ts';
const SUBMIT_TRY = 'apps/api/src/modules/player/submit-try.ts';
const PLAY_TEST = 'apps/api/src/modules/player/play.test.ts';
const SHARED_PLAY = 'packages/shared/src/play.ts';
const SHARED_PLAY_TEST = 'packages/shared/src/play.test.ts';

/**
 * @typedef {{ find: string, replace: string, file?: string }} Edit (`file`: another file than the fault's own)
 * @typedef {{ id: string, area: string, what: string, file: string, edits: Edit[], projects: string[], tests: string[]
 * }} Fault
 */

/** @type {Fault[]} */
export const FAULTS = [
  // The eleven the audit found uncaught.
  {
    id: 'payload-solution',
    area: 'play',
    what: 'the answer key sent to the player under a new name (`solution`)',
    file: PLAY_SESSION,
    edits: [
      {
        find: '                alt: o.alt ?? null,\n              })),',
        replace: '                alt: o.alt ?? null,\n              })),\n              solution: a.answers.correct,',
      },
      // The player's contract drops a key it does not name (decision 023): the leak needs it named there too.
      {
        file: 'packages/shared/src/schemas/player.ts',
        find: '    z.object({ text: z.string().nullable(), picture: z.string().nullable(), alt: z.string().nullable() }),\n  ),\n});',
        replace:
          '    z.object({ text: z.string().nullable(), picture: z.string().nullable(), alt: z.string().nullable() }),\n  ),\n  solution: z.number().optional(),\n});',
      },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'tiles-in-order',
    area: 'play',
    what: 'sentence tiles sent in answer order',
    file: PLAY_SESSION,
    edits: [
      {
        // The seed, the third argument, is left unused: the tiles come in the target's order.
        find: 'tiles: shuffleTiles(',
        replace: 'tiles: ((target: string, distractors: string[]) => [...target.split(/\\s+/), ...distractors])(',
      },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'graded-live-game',
    area: 'play',
    what: 'tries graded against the live game instead of the frozen copy',
    file: SUBMIT_TRY,
    edits: [
      {
        find: "const act = acts.find((x) => x.id === body.activity_id);\n    if (!act) throw fieldError('activity_id', 'play.noSuchActivity');",
        replace:
          "const act = ((await c.query('SELECT id, position, question, picture, audio_id, answers FROM activities WHERE id = $1', [body.activity_id])).rows[0] ?? acts.find((x) => x.id === body.activity_id));\n    if (!act) throw fieldError('activity_id', 'play.noSuchActivity');",
      },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'pass-mark-strict',
    area: 'play',
    what: 'a score exactly at min_rate fails (≥ turned into >)',
    file: SHARED_PLAY,
    edits: [{ find: 'passed: score >= rules.min_rate', replace: 'passed: score > rules.min_rate' }],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'brown-cutoffs',
    area: 'analysis',
    what: "Brown's stage cutoffs moved (2.5 → 2.4, 3.75 → 3.8, < 2 → ≤ 2)",
    file: 'apps/api/src/modules/lsa/analyze.ts',
    edits: [
      { find: "if (mluM < 2) return 'I';", replace: "if (mluM <= 2) return 'I';" },
      { find: "if (mluM < 2.5) return 'II';", replace: "if (mluM < 2.4) return 'II';" },
      { find: "if (mluM < 3.75) return 'IV';", replace: "if (mluM < 3.8) return 'IV';" },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/lsa/lsa.test.ts'],
  },
  {
    id: 'svg-accepted',
    area: 'upload',
    what: 'an SVG accepted by the gallery (the sniffer trusts the client, the decoder takes SVG)',
    file: 'apps/api/src/modules/images/process.ts',
    edits: [
      {
        find: "const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };",
        replace:
          "const FORMATS: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', svg: 'image/png' };",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/images/images.test.ts'],
  },
  {
    id: 'client-content-type',
    area: 'upload',
    what: "bytes no sniffer knows accepted on the client's Content-Type",
    file: 'apps/api/src/modules/files/upload.ts',
    edits: [
      {
        find: 'const detected = await fileTypeFromBuffer(Buffer.concat(head));',
        replace:
          "const detected = (await fileTypeFromBuffer(Buffer.concat(head))) ?? { mime: part.mimetype, ext: '' };",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/files/files.test.ts', 'apps/api/src/modules/recordings/recordings.test.ts'],
  },
  {
    id: 'range-not-clamped',
    area: 'upload',
    what: 'a byte range past the end of the file not clamped',
    file: 'apps/api/src/modules/files/download.ts',
    edits: [
      {
        find: "const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);",
        replace: "const end = m[2] === '' ? size - 1 : Number(m[2]);",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/files/files.test.ts', 'apps/api/src/modules/recordings/audio.test.ts'],
  },
  {
    id: 'offline-tries-dropped',
    area: 'play',
    what: 'tries made offline dropped instead of queued',
    file: 'apps/web/src/lib/offline-tries.ts',
    edits: [
      { find: "return run('readwrite', (s) => s.put(kept));", replace: 'return Promise.resolve(kept.client_try_id);' },
    ],
    projects: [WEB],
    tests: ['apps/web/src/features/player/offline.test.tsx'],
  },
  {
    id: 'scrubber-removed',
    area: 'logs',
    what: "the log scrubber removed (log-scan's own case)",
    file: 'apps/api/src/lib/logger.ts',
    edits: [
      {
        find: 'return { write: (line: string) => inner.write(scrubLine(line)) };',
        replace: 'return { write: (line: string) => inner.write(line) };',
      },
    ],
    projects: [API],
    tests: ['apps/api/test/log-scan.test.ts'],
  },
  {
    id: 'trend-500',
    area: 'assessments',
    what: 'a 500 on the assessment trend route (found by the fuzz test alone)',
    file: 'apps/api/src/modules/assessments/assessments.service.ts',
    edits: [
      {
        find: 'export async function readTrend(ctx: ActorContext, id: string): Promise<TrendPoint[]> {\n  const row = await findAssessment(ctx, id);\n  if (!row) throw notFound();',
        replace:
          "export async function readTrend(ctx: ActorContext, id: string): Promise<TrendPoint[]> {\n  const row = await findAssessment(ctx, id);\n  if (!row) throw notFound();\n  throw new Error('trend broken');",
      },
    ],
    projects: [API],
    tests: ['apps/api/test/fuzz/api-fuzz.test.ts'],
  },
  // The twenty-two the audit found caught, kept caught.
  {
    id: 'first-try-points',
    area: 'play',
    what: 'a right first try scores the second try’s points',
    file: SHARED_PLAY,
    edits: [
      { find: 'if (n === 1) return rules.point_first_try;', replace: 'if (n === 1) return rules.point_second_try;' },
    ],
    projects: [SHARED, API],
    tests: [SHARED_PLAY_TEST, PLAY_TEST],
  },
  {
    id: 'second-try-points',
    area: 'play',
    what: 'a right second try scores the third try’s points',
    file: SHARED_PLAY,
    edits: [
      { find: 'if (n === 2) return rules.point_second_try;', replace: 'if (n === 2) return rules.point_third_try;' },
    ],
    projects: [SHARED, API],
    tests: [SHARED_PLAY_TEST, PLAY_TEST],
  },
  {
    id: 'wrong-scores',
    area: 'play',
    what: 'a wrong answer scores points',
    file: SUBMIT_TRY,
    edits: [
      { find: 'const points = correct ? pointsFor(n, a.rules) : 0;', replace: 'const points = pointsFor(n, a.rules);' },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'pass-mark-fixed',
    area: 'play',
    what: 'the pass mark fixed at 50 % instead of the rules’ min_rate',
    file: SHARED_PLAY,
    edits: [{ find: 'passed: score >= rules.min_rate', replace: 'passed: score >= 50' }],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'repeated-try-counted',
    area: 'play',
    what: 'a try sent again (same client_try_id) counted twice',
    file: SUBMIT_TRY,
    edits: [
      {
        find: 'const again = all.find((t) => t.client_try_id === body.client_try_id);',
        replace: 'const again = all.find((t) => t.client_try_id === `${body.client_try_id}-never`);',
      },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'fourth-try',
    area: 'play',
    what: 'a fourth try allowed on an activity',
    file: PLAY_SESSION,
    edits: [
      {
        find: 'const over = (tries: TryRow[]) => tries.some((t) => t.correct) || tries.length >= MAX_TRIES;',
        replace: 'const over = (tries: TryRow[]) => tries.some((t) => t.correct) || tries.length > MAX_TRIES;',
      },
    ],
    projects: [API],
    tests: [PLAY_TEST],
  },
  {
    id: 'consent-optional',
    area: 'recordings',
    what: "a recording uploaded without the guardian's consent",
    file: 'apps/api/src/modules/recordings/recordings.routes.ts',
    edits: [
      {
        find: "consent: z.enum(['true', 'on', '1'], { error: 'recordings.consentRequired' }),",
        replace: "consent: z.enum(['true', 'on', '1'], { error: 'recordings.consentRequired' }).optional(),",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/recordings/recordings.test.ts'],
  },
  {
    id: 'gallery-keeps-exif',
    area: 'upload',
    what: 'the gallery keeps EXIF/GPS in the sizes it stores',
    file: 'apps/api/src/modules/images/process.ts',
    edits: [
      {
        find: "failOn: 'error', animated: false }).autoOrient();",
        replace: "failOn: 'error', animated: false }).autoOrient().keepMetadata();",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/images/images.test.ts'],
  },
  {
    id: 'files-keep-exif',
    area: 'upload',
    what: '/api/files stores a picture with its EXIF, GPS and XMP',
    file: 'apps/api/src/modules/files/upload.ts',
    edits: [{ find: 'const stripped = stripMetadata(detected!.mime, bytes);', replace: 'const stripped = null;' }],
    projects: [API],
    tests: ['apps/api/src/modules/files/files.test.ts'],
  },
  {
    id: 'private-image-row',
    area: 'images',
    what: "another user reads a private image (the policy's row rule)",
    file: 'packages/shared/src/policies/images.ts',
    edits: [
      {
        find: 'export const seesGalleryRow = (a: Actor, row: PolicyRow): boolean => row.is_private !== true || row.created_by === a.id;',
        replace:
          'export const seesGalleryRow = (a: Actor, row: PolicyRow): boolean => row.is_private !== true || a.id !== row.id;',
      },
    ],
    projects: [SHARED, API],
    tests: ['packages/shared/src/policies/policy.test.ts', 'apps/api/src/modules/images/images.test.ts'],
  },
  {
    id: 'private-image-list',
    area: 'images',
    what: "another user's private images listed (the list's scope)",
    file: 'apps/api/src/modules/images/resources.ts',
    edits: [
      {
        find: 'const visible = `(${a}.is_private = false OR ${a}.created_by = ${p.add(userId)})`;',
        replace: 'const visible = `(${a}.is_private = false OR ${a}.created_by <> ${p.add(userId)} OR true)`;',
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/images/images.test.ts'],
  },
  {
    id: 'transcript-version',
    area: 'recordings',
    what: "a transcript saved over someone else's newer save (no version check)",
    file: 'apps/api/src/modules/recordings/transcript.ts',
    edits: [{ find: 'if (rec.transcript_version !== body.version)', replace: 'if (body.version < 0)' }],
    projects: [API],
    tests: ['apps/api/src/modules/recordings/recordings.test.ts'],
  },
  {
    id: 'errors-version',
    area: 'assessments',
    what: "an assessment's error coding saved over a newer save (no version check)",
    file: 'apps/api/src/modules/assessments/assessments.service.ts',
    edits: [{ find: 'if (row.errors_version !== body.version)', replace: 'if (body.version < 0)' }],
    projects: [API],
    tests: ['apps/api/src/modules/assessments/assessments.test.ts'],
  },
  {
    id: 'retracing-counted',
    area: 'analysis',
    what: 'retraced words (`<…> [/]`) counted',
    file: 'apps/api/src/modules/lsa/clan-rules.ts',
    edits: [
      { find: 'const RETRACE = /^\\[\\/(\\/{0,2}|\\?|-)\\]$/;', replace: 'const RETRACE = /^\\[\\/\\/\\/\\/\\]$/;' },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/lsa/clan-rules.test.ts', 'apps/api/src/modules/lsa/lsa.clan.test.ts'],
  },
  {
    id: 'unintelligible-counted',
    area: 'analysis',
    what: 'an utterance with xxx kept in MLU',
    file: 'apps/api/src/modules/lsa/clan-rules.ts',
    edits: [
      {
        find: 'if (UNINTELLIGIBLE.test(word)) acc.unintelligible = true;\n      else acc.words.push(word);',
        replace: 'if (UNINTELLIGIBLE.test(word)) acc.unintelligible = false;\n      else acc.words.push(word);',
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/lsa/clan-rules.test.ts', 'apps/api/src/modules/lsa/lsa.clan.test.ts'],
  },
  {
    id: 'plural-one-morpheme',
    area: 'analysis',
    what: 'a plural counted as one morpheme',
    file: 'apps/api/src/modules/lsa/clan-rules.ts',
    edits: [{ find: 'if (possessive || plural) return 2;', replace: 'if (possessive) return 2;' }],
    projects: [API],
    tests: ['apps/api/src/modules/lsa/clan-rules.test.ts', 'apps/api/src/modules/lsa/lsa.clan.test.ts'],
  },
  {
    id: 'mattr-window',
    area: 'analysis',
    what: "MATTR's window of 50 words moved to 40",
    file: 'apps/api/src/modules/lsa/analyze.ts',
    edits: [{ find: 'export const MATTR_WINDOW = 50;', replace: 'export const MATTR_WINDOW = 40;' }],
    projects: [API],
    tests: ['apps/api/src/modules/lsa/lsa.clan.test.ts'],
  },
  {
    id: 'zombie-owner',
    area: 'crash recovery',
    what: 'a zombie process taken for a live owner of the data directory',
    file: 'apps/api/src/db/lock.ts',
    edits: [{ find: "return state !== 'Z' && state !== 'X';", replace: 'return true;' }],
    projects: [API],
    tests: ['apps/api/src/db/lock.test.ts'],
  },
  {
    id: 'stream-over-limit',
    area: 'upload',
    what: 'a streamed upload allowed past its size limit (the parser’s limit and the store’s own count both loosened: either alone still refuses it)',
    file: 'apps/api/src/modules/files/upload.ts',
    edits: [
      {
        find: 'if (received > rule.maxBytes) throw tooLarge(rule);',
        replace: 'if (received > rule.maxBytes * 1000) throw tooLarge(rule);',
      },
      { find: '    headBytes > rule.maxBytes\n', replace: '    headBytes > rule.maxBytes * 1000\n' },
      {
        file: 'apps/api/src/modules/files/receive.ts',
        find: 'fileSize: rule.maxBytes }',
        replace: 'fileSize: rule.maxBytes * 1000 }',
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/files/files.test.ts', 'apps/api/src/modules/files/receive.test.ts'],
  },
  {
    id: 'files-account-wide',
    area: 'upload',
    what: "any member of the account reads a file of a student they don't work with",
    file: 'packages/shared/src/policies/files.ts',
    edits: [
      {
        find: "if (seesAllAccounts(a)) return { kind: 'all' };",
        replace: "if (seesAllAccounts(a) || a.account_id !== null) return { kind: 'all' };",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/files/file-scope.test.ts'],
  },
  {
    id: 'answer-out-of-range',
    area: 'play',
    what: 'an answer index past the options spends a try',
    file: SUBMIT_TRY,
    edits: [{ find: 'checkAnswer(type, act, body.answer);\n    const before', replace: 'const before' }],
    projects: [API],
    tests: [PLAY_TEST],
  },
  // What decision 005's hardening added.
  {
    id: 'import-over-limit',
    area: 'recordings',
    what: 'an imported utterance longer than a save takes',
    file: 'apps/api/src/modules/recordings/transcript-formats.ts',
    edits: [
      {
        find: '      if (words.length > TRANSCRIPT_LIMITS.text)\n        throw',
        replace: '      if (words.length > TRANSCRIPT_LIMITS.text * 1000)\n        throw',
      },
    ],
    projects: [API],
    tests: ['apps/api/test/hostile-transcripts.test.ts'],
  },
  {
    id: 'bullet-regex',
    area: 'analysis',
    what: 'the time bullet read by the quadratic `\\s*NAK…` expression again',
    file: 'apps/api/src/modules/recordings/transcript-formats.ts',
    edits: [
      {
        find: 'function findBullet(text: string): { from: number; to: number; start: string; end: string } | null {',
        replace:
          'function findBullet(text: string): { from: number; to: number; start: string; end: string } | null {\n  // eslint-disable-next-line regexp/no-super-linear-move\n  const m = new RegExp(`\\\\s*${NAK}(\\\\d+)_(\\\\d+)${NAK}`).exec(text);\n  return m ? { from: m.index, to: m.index + m[0].length, start: m[1]!, end: m[2]! } : null;\n}\nexport function unusedFindBullet(text: string): { from: number; to: number; start: string; end: string } | null {',
      },
    ],
    projects: [API],
    tests: ['apps/api/test/linear-time.test.ts'],
  },
  {
    id: 'upload-no-pace',
    area: 'upload',
    what: 'a stalled upload keeps its slot (no idle timeout)',
    file: 'apps/api/src/modules/files/receive.ts',
    edits: [{ find: 'r = await clock.next(next);', replace: 'r = await next;' }],
    projects: [API],
    tests: ['apps/api/src/modules/files/upload-limits.test.ts'],
  },
  {
    id: 'declared-length',
    area: 'upload',
    what: 'a declared Content-Length of 2 GB read instead of refused',
    file: 'apps/api/src/modules/files/receive.ts',
    edits: [
      {
        find: 'if (declared > rule.maxBytes + FRAMING_ALLOWANCE) throw tooLarge(rule);',
        replace: 'if (declared < 0) throw tooLarge(rule);',
      },
    ],
    projects: [API],
    tests: ['apps/api/src/modules/files/upload-limits.test.ts'],
  },
  {
    id: 'analysis-on-main-thread',
    area: 'analysis',
    what: 'analyses run on the event loop instead of the CPU pool',
    file: 'apps/api/src/workers/pool.ts',
    edits: [
      {
        find: "export const cpuOf = (ctx: Pick<ServiceContext, 'cpu'>): CpuPool => ctx.cpu ?? inlineCpuPool;",
        replace: "export const cpuOf = (_ctx: Pick<ServiceContext, 'cpu'>): CpuPool => inlineCpuPool;",
      },
    ],
    projects: [API],
    tests: ['apps/api/src/workers/pool.test.ts'],
  },
  {
    id: 'pdf-bidi-override',
    area: 'assessments',
    what: 'a right-to-left override in a name obeyed by the PDF',
    file: 'apps/api/src/modules/assessments/report-text.ts',
    edits: [{ find: "return text.replace(BIDI_CONTROLS, '')", replace: 'return text' }],
    projects: [API],
    tests: ['apps/api/src/modules/assessments/report-scripts.test.ts'],
  },
];

/** The files a fault writes into: its own, and any an edit names (a fault of two layers). */
export function filesOf(fault) {
  return [...new Set([fault.file, ...fault.edits.map((e) => e.file ?? fault.file)])];
}

/** Why a fault no longer fits the code (a file or an edit's text is not there exactly once), or null. */
export function checkFault(root, fault) {
  for (const edit of fault.edits) {
    const file = edit.file ?? fault.file;
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      return `${fault.id}: ${file} does not exist`;
    }
    const count = text.split(edit.find).length - 1;
    if (count !== 1) return `${fault.id}: ${count} matches in ${file} for ${JSON.stringify(edit.find.slice(0, 80))}`;
  }
  for (const test of fault.tests) {
    try {
      readFileSync(join(root, test));
    } catch {
      return `${fault.id}: its test ${test} does not exist`;
    }
  }
  return null;
}

/** The text of `file` (the fault's own by default) with the fault's edits of that file written in. */
export function applyFault(text, fault, file = fault.file) {
  return fault.edits
    .filter((e) => (e.file ?? fault.file) === file)
    .reduce((t, e) => t.replace(e.find, () => e.replace), text);
}
