export * from './vendors';
export * from './platforms';
export * from './import';
export * from './campaigns';
export * from './assignments';
