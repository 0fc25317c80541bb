/** Enumerations of seed §3/§4. Values are stable codes; labels live in the locale files. */
export const APP_MODULES = ['MLA', 'MAA'] as const;
export const OCCUPATIONS = ['therapist', 'teacher', 'other'] as const;
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const RELATIONSHIPS_TO_STUDENT = [
  'mother',
  'father',
  'legal_guardian',
  'family_member',
  'therapist',
  'teacher',
  'professional',
  'other',
] as const;
export const GAME_TYPES = ['sentence_practice', 'multiple_choice_answers'] as const;
export const WORKSPACE_TYPES = ['home', 'school', 'other'] as const;
export const WORKSPACE_ROLES = ['ADMIN', 'SUPERVISOR', 'THERAPIST'] as const;
export const ORGANIZATION_TYPES = ['therapist_center', 'school', 'other'] as const;
export const BILLING_PERIODS = ['daily', 'weekly', 'biweekly', 'monthly', 'quarter', 'yearly'] as const;
export const VERB_TYPES = ['regular', 'irregular'] as const;
export const VERB_TENSE_TYPES = ['past', 'present', 'future'] as const;
export const FORMULATION_TYPES = ['affirmative', 'interrogative', 'negative'] as const;
export const LANGUAGE_TYPES = ['receptive', 'expressive'] as const;
export const PAYMENT_METHODS = ['credit_card', 'ach_transfer'] as const;
export const MEMBERSHIP_TYPES = ['parent', 'school', 'therapist', 'therapist_center'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const MEMBERSHIP_LENGTHS = ['free_trial', 'monthly', 'yearly'] as const;
export const ACCOUNT_TYPES = ['natural_person', 'legal_person'] as const;
export const ACCOUNT_STATUSES = ['ACTIVE', 'ON-HOLD', 'INACTIVE', 'CANCELED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const SESSION_STATUSES = [
  'NEW',
  'RECORDED',
  'PENDING_AUDIO',
  'AUDIO_COMPLETED',
  'PENDING_TRANSCRIPTION',
  'SENT_TRANSCRIPTION',
  'PROCESSING_TRANSCRIPTION',
  'TRANSCRIPTION_COMPLETED',
  'READY',
  'WORK_IN_PROGRESS',
  'COMPLETED',
] as const;
export const ASSESSMENT_STATUSES = ['NEW', 'WORK_IN_PROGRESS', 'COMPLETED'] as const;
export const GAME_STATUSES = ['WORK_IN_PROGRESS', 'COMPLETED', 'ASSIGNED', 'UNASSIGNED', 'PLAYED'] as const;
export const GAME_ASSIGN_STATUSES = ['ASSIGNED', 'PLAYED', 'UNASSIGNED'] as const;
export const GAME_SESSION_STATUSES = ['NEW', 'PLAYING', 'COMPLETED', 'INCOMPLETE'] as const;
export const GAME_SHARE_STATUSES = ['SHARED', 'COLLECTED'] as const;
export const ACTIVITY_STATUSES = ['NEW', 'ASSIGNED', 'PLAYED'] as const;

/** Default app configuration (seed §9). */
export const DEFAULT_APP_CONFIGURATION = {
  game_expiration: 2,
  point_first_try: 10,
  point_second_try: 1,
  point_third_try: 0,
  min_rate: 50,
  page_count: 25,
  max_workspace: 2,
  show_progress_bar: false,
  show_failed_attemps: false,
} as const;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** The activities analytics' ranking without a game: hardest (fewest right at the first try) or easiest first. */
export const ACTIVITY_RANKS = ['hardest', 'easiest'] as const;
export type ActivityRank = (typeof ACTIVITY_RANKS)[number];
/** By default, the fewest sessions an activity must have been tried in to be ranked: fewer say little. */
export const RANK_MIN_TRIED = 5;
