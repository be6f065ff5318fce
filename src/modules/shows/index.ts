/** The shows module's parts other modules use: the band profile's hook that moves shows with its time zone. */
export { showsFollowBandTimeZone } from './model/hooks/showsFollowBandTimeZone'
