/** Test-only tools, mounted only when TEST_CLOCK is on: the movable server clock. */
export { serverClock, type TestClock } from './clock.ts';
export { testClockRoutes } from './routes.ts';
