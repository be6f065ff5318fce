import type { Payload } from 'payload'

/** A database client as the job runner hands it to hourly work (a pooled PostgreSQL connection). */
export type QueryClient = {
  query: (text: string, values?: unknown[]) => Promise<{ rowCount: number | null }>
}

/**
 * The background work of the modules, listed in one place (src/background.ts) and started once per
 * server process by its instrumentation hook, never as a side effect of reading data.
 */
export type BackgroundWork = {
  /**
   * Work each job-runner round does, on one instance at a time, before it sends the queued emails
   * (so emails this work queues go out in the same round).
   */
  eachRound: ((payload: Payload) => Promise<unknown>)[]
  /** Housekeeping the job runner does once an hour. */
  hourly: ((client: QueryClient) => Promise<unknown>)[]
  /** Loops of their own, started with the server and awaited before it exits. */
  workers: ((payload: Payload) => { stop: () => Promise<void> })[]
}
