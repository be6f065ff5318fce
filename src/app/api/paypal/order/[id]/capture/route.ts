import { capturePaymentSchema } from '@/modules/shop/contract/checkout'
import { boundOrderIds } from '@/modules/shop/server/checkoutSession'
import { notFound } from '@/platform/errors'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { answerPostsDirectly } from '@/platform/runtime/processState'
import { captureOrderPayment, type CaptureOutcome } from '@/modules/shop/server/payments/checkout'

/** The capture's outcome as its answer: the body without the status, which becomes the HTTP status. */
const captureResponse = ({ httpStatus, ...body }: CaptureOutcome): Response => json(body, httpStatus)

/**
 * Captures the payment: {id, orderId, status, message?} with 200 paid, 202 pending, 402 failed,
 * 409 sold out. The body is optional ({testOutcome} with the test provider).
 */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const providerOrderId = (await params).id
  if (!/^[\w-]{1,64}$/.test(providerOrderId)) throw notFound('Order not found')
  const length = request.headers.get('content-length')
  const hasBody = length === null ? request.headers.has('content-type') : Number(length) > 0
  const { testOutcome } = hasBody ? await readJson(request, capturePaymentSchema, 4 * 1024) : {}
  return captureResponse(
    await captureOrderPayment(await payloadClient(), {
      providerOrderId,
      boundIds: boundOrderIds(request),
      testOutcome,
    }),
  )
})

// A checkout step: a rush calls it a hundred times at once.
answerPostsDirectly('/api/paypal/order/[id]/capture', POST)
