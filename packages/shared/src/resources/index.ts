export * from './define';
export * from './catalogs';
export * from './tenancy';
export * from './singletons';
export * from './curriculum';
