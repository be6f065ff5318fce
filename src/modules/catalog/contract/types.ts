import type {
  serializeProduct,
  serializeAdminProduct,
  serializeOption,
  serializeAdminOption,
} from '@/modules/catalog/contract/serializers'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

export type Product = ReturnType<typeof serializeProduct>

/** A product in the team's API: with its low-stock threshold. */
export type AdminProduct = ReturnType<typeof serializeAdminProduct>

export type ProductOption = ReturnType<typeof serializeOption>

/** A size in the team's API: its stock as stored, with its pre-order's settings. */
export type AdminOption = ReturnType<typeof serializeAdminOption>
