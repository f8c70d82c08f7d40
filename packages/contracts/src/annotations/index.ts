export * from './annotations';
export * from './operations';
