import { prepareSample } from '../../modules/assessments/assessments.service';
import { poolOf, type Db } from '../client';

/**
 * Demo assessments (docs/product.md §8): two language samples of Leo three months apart, so that
 * the assessment screen has measures, coded errors and a trend to show. The older one is
 * completed; the newer one is being worked on.
 */
const SAMPLES = [
  {
    title: 'Conversation · Toys',
    daysAgo: 95,
    status: 'COMPLETED',
    errors: { '4': ['grammar'], '6': ['grammar'], '8': ['syntax', 'grammar'] },
    recommendation: 'Model plural -s and the auxiliary "is" in play routines, twice a week.',
    text: [
      'THERAPIST: what do you have ?',
      'CHILD: car .',
      'CHILD: big car .',
      'THERAPIST: where does it go ?',
      'CHILD: car go fast .',
      'CHILD: my truck .',
      'CHILD: two ball .',
      'THERAPIST: what is the dog doing ?',
      'CHILD: doggie sleeping .',
      'CHILD: no more juice .',
      'CHILD: I want that .',
      'CHILD: (the the) ball is red .',
    ],
  },
  {
    title: 'Picture description · The park',
    daysAgo: 4,
    status: 'WORK_IN_PROGRESS',
    errors: { '3': ['grammar'], '4': ['grammar'] },
    recommendation: null,
    text: [
      'THERAPIST: tell me about the picture .',
      'CHILD: the dog is running in the park .',
      'THERAPIST: what is the boy doing ?',
      'CHILD: he throw the ball to the dog .',
      'CHILD: the dog catch it and he is happy .',
      'CHILD: the girls are playing on the swings .',
      'CHILD: I like the slide .',
      'THERAPIST: why ?',
      'CHILD: because it is very fast .',
      'CHILD: my mom pushed me on the swing yesterday .',
      "CHILD: she didn't want to go home .",
      'CHILD: can we go to the park ?',
    ],
  },
] as const;

/** Load the demo assessments once (with the demo data). Returns how many it wrote. */
export async function seedDemoAssessments(db: Db, now: Date): Promise<number> {
  const pool = poolOf(db);
  const people = await pool.query<{ username: string; id: string; account_id: string | null; full_name: string }>(
    `SELECT username, id, account_id, full_name FROM users WHERE username = ANY($1)`,
    [['student', 'therapist']],
  );
  const student = people.rows.find((u) => u.username === 'student');
  const therapist = people.rows.find((u) => u.username === 'therapist');
  if (!student?.account_id || !therapist) return 0;
  let written = 0;
  for (const s of SAMPLES) {
    const transcript = `${s.text.join('\n')}\n`;
    const prepared = await prepareSample(
      { db },
      {
        accountId: student.account_id,
        recordingId: null,
        language: 'en',
        format: 'text',
        transcript,
        studentName: student.full_name,
        reportLanguage: 'en',
      },
    );
    const at = new Date(now.getTime() - s.daysAgo * 86_400_000);
    const count = (kind: string) =>
      Object.values(s.errors).filter((k) => (k as readonly string[]).includes(kind)).length;
    await pool.query(
      `INSERT INTO assessments (title, student_id, account_id, assessment_status, language, sample_format, transcript, speaker, sample_date, measures,
                                total_student_sentences, total_sentences, total_vocabulary, mlu_m, syntax_conclusions, tense_conclusions, function_conclusions, subject_info,
                                recommendation, utterance_errors, syntax_errors, grammar_errors, meaning_errors, function_errors, errors_version,
                                completed_at, completed_by, created_at, updated_at, created_by, updated_by)
       VALUES ($1, $2, $3, $4, 'en', 'text', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 0, 0, 1, $21, $22, $23, $23, $24, $24)`,
      [
        s.title,
        student.id,
        student.account_id,
        s.status,
        transcript,
        prepared.speaker,
        at.toISOString().slice(0, 10),
        JSON.stringify(prepared.measures),
        prepared.columns.total_student_sentences,
        prepared.columns.total_sentences,
        prepared.columns.total_vocabulary,
        prepared.columns.mlu_m,
        prepared.columns.syntax_conclusions,
        prepared.columns.tense_conclusions,
        prepared.columns.function_conclusions,
        prepared.columns.subject_info,
        s.recommendation,
        JSON.stringify(s.errors),
        count('syntax'),
        count('grammar'),
        s.status === 'COMPLETED' ? at : null,
        s.status === 'COMPLETED' ? therapist.id : null,
        at,
        therapist.id,
      ],
    );
    written += 1;
  }
  return written;
}
