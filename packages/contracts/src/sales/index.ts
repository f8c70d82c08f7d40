export * from './sales';
export * from './operations';
