export * from './rules';
export * from './alerts';
export * from './operations';
