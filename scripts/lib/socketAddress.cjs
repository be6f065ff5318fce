/**
 * Loaded into the Next.js server process by the launcher (`--require`). Every request gets the
 * address of the connection it came on in a header whose name is random per process, so no
 * client can send it; the site reads that name from a process-wide symbol.
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
  }
  return emit.call(this, event, req, ...rest)
}
