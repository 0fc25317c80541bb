export * from './accounts';
export * from './users';
export * from './sessions';
export * from './roles';
export * from './audit';
export * from './catalogs';
export * from './workspaces';
export * from './files';
