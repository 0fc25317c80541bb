import { z } from 'zod';
import { ERROR_KINDS } from '../resources/assessments';
import {
  BROWN_STAGES,
  measuresSchema,
  SAMPLE_FORMATS,
  SAMPLE_TEXT_MAX,
  speakerCode,
  utteranceDetailSchema,
} from './lsa';

/**
 * The assessment routes outside the resource engine (docs/product.md §9): creating one
 * from a recording or a transcript, its measures with the errors coded per utterance, the
 * student's trend and the report.
 */

const uuid = z.uuid({ error: 'validation.invalid' });

/**
 * `POST /api/assessments`: `{recording_id}` (the recording's transcript, student and language), or
 * `{student_id, title, language, format, transcript}` (pasted or imported). `speaker` defaults to
 * the student (the target child); `sample_date` to the recording's day or today.
 */
export const assessmentCreateBody = z
  .object({
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(120, { error: 'validation.tooLong' })
      .optional(),
    recording_id: uuid.optional(),
    student_id: uuid.optional(),
    language: z.enum(['en', 'es'], { error: 'validation.choice' }).optional(),
    format: z.enum(SAMPLE_FORMATS, { error: 'validation.choice' }).optional(),
    transcript: z
      .string({ error: 'validation.required' })
      .max(SAMPLE_TEXT_MAX, { error: 'validation.tooLong' })
      .optional(),
    speaker: speakerCode.optional(),
    sample_date: z.iso.date({ error: 'validation.date' }).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.recording_id) return;
    const required = ['student_id', 'title', 'language', 'format', 'transcript'] as const;
    for (const field of required) {
      const value = b[field];
      if (value === undefined || (typeof value === 'string' && value.trim() === ''))
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    }
  });
export type AssessmentCreateBody = z.infer<typeof assessmentCreateBody>;

/** One utterance of the analysed speaker with the errors the therapist coded on it. */
export const assessmentUtteranceSchema = utteranceDetailSchema.extend({ errors: z.array(z.enum(ERROR_KINDS)) });
export type AssessmentUtterance = z.infer<typeof assessmentUtteranceSchema>;

/**
 * `GET /api/assessments/:id/measures` and the answer of `PUT …/errors`: the measures under the names
 * of `POST /api/lsa/analyze` (docs/product.md §10), each utterance of the analysed speaker with its
 * coded errors, the coding's version and whether the caller may code now.
 */
export const assessmentMeasuresSchema = measuresSchema.extend({
  utterance_list: z.array(assessmentUtteranceSchema),
  /** The coded errors' version: a save written against an older one answers 409. */
  errors_version: z.number().int(),
  /** Whether the caller may code errors now (not completed, allowed by the policy). */
  editable: z.boolean(),
});
export type AssessmentMeasures = z.infer<typeof assessmentMeasuresSchema>;

/** `PUT /api/assessments/:id/errors`: the whole coding, by utterance index (the `index` of each utterance). */
export const assessmentErrorsBody = z
  .object({
    version: z
      .number({ error: 'validation.number' })
      .int({ error: 'validation.number' })
      .min(0, { error: 'validation.range' }),
    errors: z.record(
      z.string().regex(/^\d{1,6}$/, { error: 'validation.invalid' }),
      z.array(z.enum(ERROR_KINDS, { error: 'validation.choice' })).max(ERROR_KINDS.length),
      {
        error: 'validation.invalid',
      },
    ),
  })
  .strict();
export type AssessmentErrorsBody = z.infer<typeof assessmentErrorsBody>;

/** `GET /api/assessments/:id/trend`: the student's assessments the caller may see, oldest first. */
export const trendPointSchema = z.object({
  id: z.string(),
  title: z.string(),
  sample_date: z.string().nullable(),
  created_at: z.string(),
  /** The assessment the trend was asked for. */
  current: z.boolean(),
  assessment_status: z.string(),
  mlu_m: z.number(),
  mlu_w: z.number(),
  tnw: z.number().int(),
  ndw: z.number().int(),
  ttr: z.number(),
  mattr: z.number().nullable(),
  total_student_sentences: z.number().int(),
  brown_stage: z.enum(BROWN_STAGES),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;
