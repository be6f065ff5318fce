/**
 * A checkout step's work waits, for a few turns of the event loop at most, until the connections
 * waiting to be accepted are in.
 *
 * Node accepts one connection per turn of its event loop, and a turn in a rush is long: it runs
 * every request and database answer that arrived since the last one. A hundred buyers who open
 * their connections at once are then accepted over the whole rush, and the last of them starts its
 * order after the first buyers have paid (their create waited 0.4 s before the server read it).
 * Deferring the work of the requests already read while a turn still accepts a connection keeps
 * those turns short, so the burst is accepted within milliseconds, and the requests are then
 * answered in the order they came.
 */
'use strict'

const diagnostics = require('node:diagnostics_channel')

/** The most turns the work waits for connections still arriving (a steady stream never holds it longer). */
const MOST_TURNS = 200
/** The longest it waits for them, in milliseconds. */
const MOST_MS = 50

/**
 * A queue of work that starts once no connection is waiting to be accepted, waiting at most
 * `mostTurns` turns of the loop and `mostMs` milliseconds.
 */
function acceptingQueue({ mostTurns = MOST_TURNS, mostMs = MOST_MS } = {}) {
  let accepted = false
  let queued = []
  let turns = 0
  let since = 0

  // Every connection a server of this process accepts (Node publishes each on this channel).
  diagnostics.subscribe('net.server.socket', () => {
    accepted = true
  })

  function drain() {
    if (accepted && turns < mostTurns && performance.now() - since < mostMs) {
      // A connection came in this turn: more may wait in the kernel's queue. Let the loop turn again.
      accepted = false
      turns += 1
      setImmediate(drain)
      return
    }
    const starts = queued
    queued = []
    turns = 0
    accepted = false
    for (const start of starts) {
      try {
        start()
      } catch (error) {
        // One request's failure must not keep the others waiting.
        console.error('Unexpected error starting a request:', error)
      }
    }
  }

  /** Runs `start` once no connection is waiting to be accepted (at the end of this turn when none is). */
  function afterAccepting(start) {
    queued.push(start)
    if (queued.length > 1) return
    since = performance.now()
    setImmediate(drain)
  }

  return { afterAccepting }
}

/** The queue the server's checkout steps use. */
const { afterAccepting } = acceptingQueue()

module.exports = { afterAccepting, acceptingQueue }
