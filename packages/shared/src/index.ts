export * from './permissions';
export * from './roles';
export * from './enums';
export * from './envelope';
export * from './schemas/auth';
export * from './messages';
export * from './resources/index';
export * from './policies/index';
