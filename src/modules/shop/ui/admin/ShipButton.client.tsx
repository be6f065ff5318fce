'use client'

import { Truck } from 'lucide-react'
import { useState } from 'react'

import { Input } from '@/ui/input'
import { Label } from '@/ui/label.client'
import type { Order } from '@/modules/shop/contract/types'
import { ConfirmAction } from '@/ui/admin/ConfirmAction.client'

import { addressOf } from './orderText'

/** "Mark as Shipped": asks first, with the carrier and tracking number (both optional) for the email. */
export function ShipButton({
  order,
  number,
  label,
  disabled,
  onShip,
}: {
  order: Order
  number: string
  label: string
  disabled: boolean
  onShip: (tracking: { carrier?: string; trackingNumber?: string }) => void
}) {
  const [carrier, setCarrier] = useState('')
  const [trackingNumber, setTrackingNumber] = useState('')
  const id = `ship-${order.id}`
  return (
    <ConfirmAction
      icon={Truck}
      confirmText="Mark as Shipped"
      label="Mark as Shipped"
      title={`Mark order #${number} as shipped?`}
      description={`${order.customerName || 'The customer'} (${order.customerEmail}) will be emailed "Your order #${number} has shipped", with the shipping address (${addressOf(order)}) and the items. This cannot be undone.`}
      onConfirm={() =>
        onShip({ carrier: carrier.trim() || undefined, trackingNumber: trackingNumber.trim() || undefined })
      }
      disabled={disabled}
      body={
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-carrier`}>Carrier (optional)</Label>
            <Input
              id={`${id}-carrier`}
              list={`${id}-carriers`}
              value={carrier}
              maxLength={50}
              onChange={(e) => setCarrier(e.target.value)}
            />
            <datalist id={`${id}-carriers`}>
              {['USPS', 'UPS', 'FedEx', 'DHL', 'Royal Mail', 'Canada Post', 'Australia Post'].map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-tracking`}>Tracking number (optional)</Label>
            <Input
              id={`${id}-tracking`}
              value={trackingNumber}
              maxLength={100}
              onChange={(e) => setTrackingNumber(e.target.value)}
            />
          </div>
        </div>
      }
    >
      {label}
    </ConfirmAction>
  )
}
