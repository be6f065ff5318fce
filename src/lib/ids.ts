/** Record ids are UUIDs; the pattern is shared by routes, cookies, webhooks and object paths. */
export const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const UUID = new RegExp(`^${UUID_SOURCE}$`, 'i')

export const isUuid = (value: string): boolean => UUID.test(value)
