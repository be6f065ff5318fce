import { describe, expect, it } from 'vitest'

import { CODE_ALPHABET, formatCode, normalizeCode } from '../../../src/modules/music/contract/codes'
import { randomCodes } from '../../../src/modules/music/server/codeBatches'

describe('download codes', () => {
  it('leave out the characters people mix up: 0 and O, 1, I and L', () => {
    for (const c of '0O1IL') expect(CODE_ALPHABET).not.toContain(c)
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length)
  })

  it('are read in any case, with or without dashes and spaces, and printed in groups of four', () => {
    expect(normalizeCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN')
    expect(normalizeCode('ABCDEFGHJKMN')).toBe('ABCDEFGHJKMN')
    expect(formatCode('ABCDEFGHJKMN')).toBe('ABCD-EFGH-JKMN')
  })

  it('refuse what no code can be: a wrong length or a left-out character', () => {
    expect(normalizeCode('ABCD-EFGH-JKM')).toBeNull()
    expect(normalizeCode('ABCD-EFGH-JKMNP')).toBeNull()
    expect(normalizeCode('ABCD-EFGH-JKM0')).toBeNull()
    expect(normalizeCode('')).toBeNull()
  })

  it('are made 12 characters long from the alphabet, every character about equally often', () => {
    const codes = randomCodes(5000)
    expect(codes).toHaveLength(5000)
    expect(codes.every((c) => normalizeCode(c) === c)).toBe(true)
    const seen = new Map<string, number>()
    for (const c of codes.join('')) seen.set(c, (seen.get(c) ?? 0) + 1)
    expect(seen.size).toBe(CODE_ALPHABET.length)
    const expected = (5000 * 12) / CODE_ALPHABET.length
    for (const count of seen.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.15)
  })
})
