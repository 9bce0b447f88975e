/** The business rules as exact integers: rates in ppm, levels, caps, days (UTC). Pure functions. */
export * from './service.ts';
