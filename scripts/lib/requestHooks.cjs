/**
 * Loaded into the Next.js server process by the launcher (`--require`); it sees each request
 * before Next does.
 *
 * - Every request gets the address of the connection it came on in a header whose name is random
 *   per process, so no client can send it; the site reads that name from a process-wide symbol.
 * - Answers to API writes (POST, PUT, PATCH, DELETE under /api/) are sent uncompressed. They are
 *   a few hundred bytes of JSON, but Next streams them without a length and so gzips every one;
 *   in a checkout rush that was a tenth of the server's time for no saving on the wire. Pages and
 *   every GET (the public data, the CSV exports) are still compressed.
 */
'use strict'

const crypto = require('node:crypto')
const http = require('node:http')

const header = `x-socket-address-${crypto.randomBytes(12).toString('hex')}`
globalThis[Symbol.for('bandsite.socketAddressHeader')] = header

const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (event, req, ...rest) {
  if (event === 'request' && req && req.headers) {
    req.headers[header] = (req.socket && req.socket.remoteAddress) || ''
    if (req.method !== 'GET' && req.method !== 'HEAD' && typeof req.url === 'string' && req.url.startsWith('/api/')) {
      delete req.headers['accept-encoding']
    }
  }
  return emit.call(this, event, req, ...rest)
}
