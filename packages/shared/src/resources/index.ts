export * from './define';
export * from './catalogs';
