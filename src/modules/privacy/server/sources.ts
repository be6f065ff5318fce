import type { PersonalDataSource } from '@/platform/db/personalData'
import { queuedEmailData } from '@/platform/email/personalData'
import { downloadGrantData } from '@/modules/music'
import { deliveryData, subscriberData } from '@/modules/newsletter'
import { redeemedCodeData } from '@/modules/music'
import { orderData } from '@/modules/shop'
import { backInStockData } from '@/modules/stock'

/**
 * Every place personal data keyed by an email address lives, each defined by the module that
 * keeps it. A module that starts keeping such data writes its source and
 * adds it here. The order is the erasure's: the campaign deliveries before the subscriber they
 * belong to, the emails last.
 */
export const PERSONAL_DATA_SOURCES: readonly PersonalDataSource[] = [
  deliveryData,
  subscriberData,
  backInStockData,
  orderData,
  downloadGrantData,
  redeemedCodeData,
  queuedEmailData,
]
