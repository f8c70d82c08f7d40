export * from './freshness';
export * from './pacing';
export * from './trust';
export * from './operations';
