export * from './define';
export * from './catalogs';
export * from './tenancy';
export * from './actions';
export * from './singletons';
export * from './curriculum';
export * from './games';
export * from './images';
