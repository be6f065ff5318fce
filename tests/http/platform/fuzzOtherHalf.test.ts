import { fuzzRoutes } from './fuzz'

/** Hostile input to the second, fourth, sixth… route (tests/http/platform/fuzz.ts), beside the first half. */
fuzzRoutes(1)
