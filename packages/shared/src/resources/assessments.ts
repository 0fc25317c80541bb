import { ASSESSMENT_STATUSES } from '../enums';
import type { ResourceDef } from './define';
import { RECORDING_LANGUAGES } from './recordings';

/**
 * Assessments (docs/product.md §5 and §9–10): a language sample of a student — a
 * recording's transcript, or a transcript pasted or imported — with its measures computed as CLAN
 * counts them, the conclusions the program proposes from them and the therapist edits, the errors
 * coded per utterance, the recommendation, notes and summary. NEW → WORK_IN_PROGRESS (the first
 * edit) → COMPLETED (read-only until reopened, which the audit log keeps).
 */

/** The four kinds of error a therapist codes on an utterance (the seed's error fields). */
export const ERROR_KINDS = ['syntax', 'grammar', 'meaning', 'function'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** Where a sample comes from. */
export const SAMPLE_SOURCES = ['recording', 'chat', 'text'] as const;

/** The longest conclusion, recommendation, note or summary (characters). */
export const ASSESSMENT_TEXT_MAX = 4000;

export const ASSESSMENT_RESOURCES = {
  assessments: {
    name: 'assessments',
    controller: 'assessments',
    titleField: 'title',
    searchable: ['title'],
    defaultSort: { col: 'created_at', order: 'desc' },
    fields: [
      { name: 'title', kind: 'text', required: true, max: 120, sortable: true, listed: true },
      {
        name: 'student_id',
        kind: 'relation',
        required: true,
        target: 'clients',
        as: 'student',
        sortable: true,
        filterable: true,
        listed: true,
      },
      {
        name: 'assessment_status',
        kind: 'enum',
        options: ASSESSMENT_STATUSES,
        enumName: 'assessmentStatus',
        readOnly: true,
        sortable: true,
        filterable: true,
        listed: true,
      },
      {
        name: 'language',
        kind: 'enum',
        options: RECORDING_LANGUAGES,
        enumName: 'language',
        readOnly: true,
        filterable: true,
      },
      { name: 'recording_id', kind: 'relation', target: 'recordings', as: 'recording', readOnly: true },
      { name: 'speaker', kind: 'text', max: 7, readOnly: true },
      { name: 'sample_date', kind: 'date', sortable: true, listed: true },
      { name: 'total_student_sentences', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'total_sentences', kind: 'int', readOnly: true },
      { name: 'total_vocabulary', kind: 'int', readOnly: true, sortable: true, listed: true },
      { name: 'mlu_m', kind: 'decimal', readOnly: true, sortable: true, listed: true },
      { name: 'syntax_conclusions', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'tense_conclusions', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'function_conclusions', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'subject_info', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'recommendation', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'notes', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'summary', kind: 'longtext', max: ASSESSMENT_TEXT_MAX },
      { name: 'syntax_errors', kind: 'int', readOnly: true },
      { name: 'grammar_errors', kind: 'int', readOnly: true },
      { name: 'meaning_errors', kind: 'int', readOnly: true },
      { name: 'function_errors', kind: 'int', readOnly: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true },
    ],
    actions: [
      { name: 'complete', single: true, bulk: false, confirm: true, icon: 'check' },
      { name: 'reopen', single: true, bulk: false, confirm: true, icon: 'history' },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type AssessmentResourceName = keyof typeof ASSESSMENT_RESOURCES;
export const ASSESSMENT_RESOURCE_NAMES = Object.keys(ASSESSMENT_RESOURCES) as AssessmentResourceName[];
