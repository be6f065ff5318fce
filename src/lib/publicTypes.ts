import type {
  serializeBandProfile,
  serializeLink,
  serializeOption,
  serializeProduct,
  serializeShow,
} from './serializers'

/** The public JSON shapes the page's components receive as props. */
export type PublicBandProfile = NonNullable<ReturnType<typeof serializeBandProfile>>
export type PublicLink = ReturnType<typeof serializeLink>
export type PublicProduct = ReturnType<typeof serializeProduct>
export type PublicOption = ReturnType<typeof serializeOption>
export type PublicShow = ReturnType<typeof serializeShow>
