export * from './tenancy';
export * from './reference';
export * from './campaigns';
export * from './breakdowns';
export * from './inventory';
export * from './system';
export * from './self-service';
