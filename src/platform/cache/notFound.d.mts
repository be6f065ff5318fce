export const NOT_FOUND_CACHE_SECONDS: number
