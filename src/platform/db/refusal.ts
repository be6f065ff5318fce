import { APIError } from 'payload'

/**
 * An expected refusal on Payload's API (REST and /cms), answered with its status and its message
 * as it is written. The name is set by hand: a minified build loses class names, and Payload
 * answers "An unknown error occurred." for an error without one.
 */
export class Refusal extends APIError {
  constructor(message: string, status: number, data?: Record<string, unknown>) {
    super(message, status, data ?? null, true)
    this.name = 'Refusal'
  }
}
