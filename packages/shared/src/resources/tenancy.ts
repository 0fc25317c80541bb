import {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  BILLING_PERIODS,
  LANGUAGES,
  MEMBERSHIP_LENGTHS,
  MEMBERSHIP_TYPES,
  OCCUPATIONS,
  ORGANIZATION_TYPES,
  PAYMENT_METHODS,
  RELATIONSHIPS_TO_STUDENT,
  USER_STATUSES,
  WORKSPACE_TYPES,
} from '../enums';
import { ROLE_VALUES } from '../roles';
import type { FieldDef, ResourceDef } from './define';
import { TRANSCRIPTION_ENGINES } from './recordings';

/** Where a student is in their care (seed §3 "client_status"; values not shown: ours). */
export const CLIENT_STATUSES = ['active', 'on_hold', 'discharged'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/**
 * Account status transitions (seed §4 lists the states, not the moves). Moving into CANCELED is
 * final for everyone but a SUPERADMIN, who may reactivate a canceled account.
 */
export const ACCOUNT_TRANSITIONS: Record<(typeof ACCOUNT_STATUSES)[number], readonly string[]> = {
  ACTIVE: ['ON-HOLD', 'INACTIVE', 'CANCELED'],
  'ON-HOLD': ['ACTIVE', 'INACTIVE', 'CANCELED'],
  INACTIVE: ['ACTIVE', 'CANCELED'],
  CANCELED: [],
};

/** The personal fields users and clients share (seed §3 "User profile"; "Client: the profile fields"). */
const person = () =>
  [
    { name: 'full_name', kind: 'text', readOnly: true, sortable: true, listed: false },
    { name: 'first_name', kind: 'text', required: true, max: 100, sortable: true, listed: true },
    { name: 'last_name', kind: 'text', required: true, max: 100, sortable: true, listed: true },
    { name: 'username', kind: 'text', required: true, max: 40, format: 'username', sortable: true, listed: true, unique: true },
    { name: 'email', kind: 'text', max: 254, format: 'email', sortable: true, listed: true, unique: true },
    { name: 'password', kind: 'password', writeOnly: true },
    { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', tenant: true, sortable: true, filterable: true, listed: true },
    { name: 'status', kind: 'enum', options: USER_STATUSES, enumName: 'userStatus', default: 'ACTIVE', sortable: true, filterable: true, listed: true },
    { name: 'ssn', kind: 'text', max: 11, format: 'ssn', secret: true },
    { name: 'gender', kind: 'text', max: 40 },
    { name: 'sex', kind: 'text', max: 40 },
    { name: 'birthday', kind: 'date' },
    { name: 'phone', kind: 'text', max: 40 },
    { name: 'country', kind: 'text', max: 80 },
    { name: 'state', kind: 'text', max: 80 },
    { name: 'city', kind: 'text', max: 80 },
    { name: 'street', kind: 'text', max: 200 },
    { name: 'apt', kind: 'text', max: 40 },
    { name: 'zipcode', kind: 'text', max: 20 },
    { name: 'address', kind: 'longtext', max: 500 },
    { name: 'language', kind: 'enum', options: LANGUAGES, enumName: 'language', default: 'en' },
    { name: 'notify_by_email', kind: 'bool' },
    { name: 'relationship_to_student', kind: 'enum', options: RELATIONSHIPS_TO_STUDENT, enumName: 'relationshipToStudent', filterable: true },
    { name: 'total_workspaces', kind: 'int', readOnly: true, sortable: true, listed: true },
  ] as const satisfies readonly FieldDef[];

/** Accounts, organizations, plans, billings, users, clients and workspaces (seed §2–3, docs/product.md §2). */
export const TENANCY_RESOURCES = {
  accounts: {
    name: 'accounts',
    controller: 'accounts',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 150, sortable: true, listed: true },
      { name: 'status', kind: 'enum', required: true, options: ACCOUNT_STATUSES, enumName: 'accountStatus', sortable: true, filterable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: ACCOUNT_TYPES, enumName: 'accountType', sortable: true, filterable: true, listed: true },
      { name: 'payment_method', kind: 'enum', options: PAYMENT_METHODS, enumName: 'paymentMethod', filterable: true },
      { name: 'membership_type', kind: 'enum', required: true, options: MEMBERSHIP_TYPES, enumName: 'membershipType', sortable: true, filterable: true, listed: true },
      { name: 'membership_length', kind: 'enum', required: true, options: MEMBERSHIP_LENGTHS, enumName: 'membershipLength', sortable: true, filterable: true, listed: true },
      { name: 'start_date', kind: 'date', required: true, sortable: true, listed: true },
      { name: 'amount', kind: 'decimal', required: true, sortable: true, listed: true },
      { name: 'max_students', kind: 'int', required: true, min: 0, maxValue: 100_000, sortable: true, listed: true },
      { name: 'max_adults', kind: 'int', required: true, min: 0, maxValue: 10_000, sortable: true, listed: true },
      // MAA: who transcribes the account's new recordings; empty: the server's default.
      { name: 'transcription_engine', kind: 'enum', options: TRANSCRIPTION_ENGINES, enumName: 'transcriptionEngine' },
      // MAA: the language of the account's reports (an assessment's PDF).
      { name: 'language', kind: 'enum', options: LANGUAGES, enumName: 'language', default: 'en' },
    ],
  },
  plans: {
    name: 'plans',
    controller: 'plans',
    titleField: 'code',
    searchable: ['code', 'description'],
    defaultSort: { col: 'code', order: 'asc' },
    fields: [
      { name: 'code', kind: 'text', required: true, max: 40, sortable: true, listed: true, unique: true },
      { name: 'description', kind: 'text', required: true, max: 300, sortable: true, listed: true },
      { name: 'is_calculated', kind: 'bool', filterable: true, listed: true },
      { name: 'price', kind: 'decimal', required: true, sortable: true, listed: true },
    ],
  },
  organizations: {
    name: 'organizations',
    controller: 'organizations',
    titleField: 'name',
    searchable: ['name', 'tax_code'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 150, sortable: true, listed: true },
      // One organization per account (a second one answers 409 naming the account).
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', tenant: true, unique: true, sortable: true, filterable: true, listed: true },
      { name: 'entity_type', kind: 'enum', required: true, options: ORGANIZATION_TYPES, enumName: 'organizationType', sortable: true, filterable: true, listed: true },
      { name: 'tax_code', kind: 'text', max: 40, sortable: true, listed: true },
      { name: 'license_code', kind: 'text', max: 40, sortable: true, listed: true },
    ],
  },
  billings: {
    name: 'billings',
    controller: 'billings',
    titleField: 'product',
    searchable: ['product'],
    defaultSort: { col: 'product', order: 'asc' },
    fields: [
      { name: 'product', kind: 'text', required: true, max: 150, sortable: true, listed: true },
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', required: true, tenant: true, sortable: true, filterable: true, listed: true },
      { name: 'plan_id', kind: 'relation', target: 'plans', as: 'plan', filterable: true, listed: true },
      { name: 'statement_frequency', kind: 'enum', required: true, options: BILLING_PERIODS, enumName: 'billingPeriod', sortable: true, filterable: true, listed: true },
      { name: 'payment_method', kind: 'enum', required: true, options: PAYMENT_METHODS, enumName: 'paymentMethod', filterable: true, listed: true },
      { name: 'amount', kind: 'decimal', required: true, sortable: true, listed: true },
      { name: 'start_date', kind: 'date', required: true, sortable: true, listed: true },
    ],
  },
  users: {
    name: 'users',
    controller: 'userProfiles',
    titleField: 'full_name',
    searchable: ['full_name', 'username', 'email'],
    defaultSort: { col: 'last_name', order: 'asc' },
    fields: [
      ...person().slice(0, 6),
      { name: 'role', kind: 'enum', required: true, options: ROLE_VALUES, enumName: 'role', sortable: true, filterable: true, listed: true },
      ...person().slice(6),
      { name: 'license', kind: 'text', max: 60 },
      { name: 'occupation', kind: 'enum', options: OCCUPATIONS, enumName: 'occupation', filterable: true, listed: true },
      { name: 'job_title', kind: 'text', max: 100 },
    ],
    actions: [{ name: 'send-password-link', single: true, bulk: true, confirm: true, icon: 'key' }],
  },
  clients: {
    name: 'clients',
    controller: 'clients',
    titleField: 'full_name',
    searchable: ['full_name', 'username'],
    defaultSort: { col: 'last_name', order: 'asc' },
    fields: [
      ...person().filter((f) => f.name !== 'relationship_to_student'),
      { name: 'client_status', kind: 'enum', options: CLIENT_STATUSES, enumName: 'clientStatus', default: 'active', sortable: true, filterable: true, listed: true },
    ],
  },
  workspaces: {
    name: 'workspaces',
    controller: 'workspaces',
    titleField: 'name',
    searchable: ['name'],
    defaultSort: { col: 'name', order: 'asc' },
    fields: [
      { name: 'name', kind: 'text', required: true, max: 150, sortable: true, listed: true },
      { name: 'type', kind: 'enum', required: true, options: WORKSPACE_TYPES, enumName: 'workspaceType', sortable: true, filterable: true, listed: true },
      { name: 'student_id', kind: 'relation', target: 'clients', as: 'student', required: true, filterable: true, listed: true },
      { name: 'supervisor_id', kind: 'relation', target: 'users', as: 'supervisor', filterable: true, listed: true },
      { name: 'summary_period', kind: 'enum', options: BILLING_PERIODS, enumName: 'billingPeriod', filterable: true, listed: true },
      // The student's account: set by the server, never sent.
      { name: 'account_id', kind: 'relation', target: 'accounts', as: 'account', readOnly: true, tenant: true, sortable: true, filterable: true, listed: true },
      { name: 'total_users', kind: 'int', readOnly: true, sortable: true, listed: true },
    ],
  },
} as const satisfies Record<string, ResourceDef>;

export type TenancyName = keyof typeof TENANCY_RESOURCES;
export const TENANCY_NAMES = Object.keys(TENANCY_RESOURCES) as TenancyName[];
