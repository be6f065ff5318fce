import { fuzzRoutes } from './fuzz'

/** Hostile input to the first, third, fifth… route (tests/http/platform/fuzz.ts). */
fuzzRoutes(0)
