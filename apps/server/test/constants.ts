/** The fixed "today" of the server tests: the demo data's newest day is the day before. */
export const TEST_TODAY = '2026-11-15';
/** Noon in Chicago on TEST_TODAY, the clock the app under test sees. */
export const TEST_NOW = new Date(`${TEST_TODAY}T18:00:00Z`);
