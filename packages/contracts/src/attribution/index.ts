export * from './attribution';
export * from './operations';
