'use client'

import { useQuery } from '@tanstack/react-query'
import { Copy, Pencil, Plus } from 'lucide-react'
import { useState } from 'react'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.client'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label.client'
import { Switch } from '@/components/ui/switch.client'
import { Textarea } from '@/components/ui/textarea'
import { apiJson, apiRequest } from '@/lib/api-client'
import { productSchema } from '@/lib/schemas/product'

import { ConfirmDelete } from '../ConfirmDelete.client'
import { DashboardHeader } from '../DashboardHeader.client'
import { useDashboard } from '../DashboardContext.client'
import { FormField, issuesByField } from '../FormField.client'
import { CurrentImage, ImageUpload } from '../ImageUpload.client'
import { KEYS, useAdminMutation } from '../mutations.client'
import { ProductOptionsPanel } from '../ProductOptionsPanel.client'
import { QueryState } from '../QueryState.client'
import type { Product } from '../types'

type Editing = Product | 'new' | null

export function ProductsTab() {
  const { canEdit } = useDashboard()
  const products = useQuery<Product[]>({ queryKey: KEYS.products })
  const [editing, setEditing] = useState<Editing>(null)
  // The dialog shows the product as last loaded: a reload after a refused save remounts it.
  const editingProduct = editing === null || editing === 'new' ? null : (products.data?.find((p) => p.id === editing.id) ?? editing)

  const remove = useAdminMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/admin/products/${id}`),
    invalidate: [KEYS.products],
    success: 'Product deleted successfully',
    failure: 'Failed to delete product',
  })
  const duplicate = useAdminMutation({
    mutationFn: (id: string) => apiJson<{ product: Product; optionsCopied: number }>('POST', `/api/admin/products/${id}/duplicate`),
    invalidate: [KEYS.products],
    success: ({ product, optionsCopied }) => ({
      title: 'Product duplicated successfully',
      description: `Created "${product.name}" with ${optionsCopied} ${optionsCopied === 1 ? 'option' : 'options'} copied.`,
    }),
    failure: 'Failed to duplicate product',
  })

  return (
    <>
      <DashboardHeader
        title="Manage Products"
        action={
          canEdit && (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Product
            </Button>
          )
        }
      />
      <QueryState query={products}>
        {(data) =>
          data.length === 0 ? (
            <Card>
              <CardContent className="pt-6 text-center text-muted-foreground sm:pt-6">
                No products created yet. Click &quot;Add Product&quot; to get started.
              </CardContent>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Products">
              {data.map((product) => (
                <li key={product.id}>
                  <Card className="flex h-full flex-col overflow-hidden">
                    <ProductImage product={product} />
                    <div className="flex flex-1 flex-col gap-2 p-4">
                      <h2 className="font-semibold">{product.name}</h2>
                      <p className="text-lg font-bold">${product.price}</p>
                      <p className="text-sm text-muted-foreground">Inventory: {product.inventory}</p>
                      <div className="flex flex-wrap gap-2">
                        <Badge variant={product.isActive ? 'default' : 'muted'}>{product.isActive ? 'Active' : 'Inactive'}</Badge>
                        {product.isFeatured && <Badge variant="accent">Featured</Badge>}
                      </div>
                      {canEdit && (
                        <div className="mt-auto flex flex-wrap gap-2 pt-2">
                          <Button size="sm" variant="outline" aria-label={`Edit ${product.name}`} onClick={() => setEditing(product)}>
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Duplicate ${product.name}`}
                            onClick={() => duplicate.mutate(product.id)}
                            disabled={duplicate.isPending}
                          >
                            <Copy aria-hidden="true" />
                            Duplicate
                          </Button>
                          <ConfirmDelete
                            label={`Delete ${product.name}`}
                            title="Delete product"
                            description={`Are you sure you want to delete "${product.name}"? This action cannot be undone.`}
                            onConfirm={() => remove.mutate(product.id)}
                          >
                            Delete
                          </ConfirmDelete>
                        </div>
                      )}
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {editing && (
        <ProductDialog key={editingProduct?.updatedAt ?? 'new'} product={editingProduct} onClose={() => setEditing(null)} />
      )}
    </>
  )
}

function ProductImage({ product }: { product: Product }) {
  const [failed, setFailed] = useState(false)
  const box = 'flex aspect-square w-full items-center justify-center bg-foreground/5 text-sm text-muted-foreground'
  if (!product.imageUrl) return <div className={box}>No image uploaded</div>
  if (failed) return <div className={box}>Image failed to load</div>
  return <img src={product.imageUrl} alt={product.name} className="aspect-square w-full object-cover" onError={() => setFailed(true)} />
}

function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [form, setForm] = useState({
    name: product?.name ?? '',
    price: product?.price ?? '',
    category: product?.category ?? '',
    inventory: String(product?.inventory ?? 0),
    description: product?.description ?? '',
    isActive: product?.isActive ?? true,
    isFeatured: product?.isFeatured ?? false,
    imageUrl: product?.imageUrl ?? null,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const save = useAdminMutation({
    mutationFn: (data: unknown) =>
      product ? apiJson<Product>('PUT', `/api/admin/products/${product.id}`, data) : apiJson<Product>('POST', '/api/admin/products', data),
    invalidate: [KEYS.products],
    success: 'Product saved successfully',
    failure: 'Failed to save product',
    onSuccess: onClose,
  })

  function submit(event: React.FormEvent) {
    event.preventDefault()
    const parsed = productSchema.safeParse(form)
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues))
    setErrors({})
    if (!product) return save.mutate(parsed.data)
    // Stock changes are explicit: an untouched stock field leaves sales made meanwhile alone.
    const { inventory, ...fields } = parsed.data
    save.mutate({ ...fields, ...(form.inventory !== String(product.inventory) ? { inventory } : {}), updatedAt: product.updatedAt })
  }

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>Active products can be sold; featured ones are shown on the public page.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField id="product-name" label="Name" error={errors.name}>
            <Input id="product-name" value={form.name} aria-invalid={Boolean(errors.name)} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField id="product-price" label="Price" error={errors.price}>
              <Input id="product-price" inputMode="decimal" placeholder="19.99" value={form.price} aria-invalid={Boolean(errors.price)} onChange={(e) => setForm({ ...form, price: e.target.value })} />
            </FormField>
            <FormField id="product-category" label="Category" error={errors.category}>
              <Input id="product-category" value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })} />
            </FormField>
            <FormField id="product-inventory" label="Inventory" error={errors.inventory}>
              <Input id="product-inventory" type="number" min={0} value={form.inventory} onChange={(e) => setForm({ ...form, inventory: e.target.value })} />
            </FormField>
          </div>
          <FormField id="product-description" label="Description" error={errors.description}>
            <Textarea id="product-description" value={form.description} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          </FormField>
          <div className="flex flex-wrap gap-6">
            <div className="flex items-center gap-3">
              <Switch id="product-active" checked={form.isActive} onCheckedChange={(isActive) => setForm({ ...form, isActive })} />
              <Label htmlFor="product-active">Active</Label>
            </div>
            <div className="flex items-center gap-3">
              <Switch id="product-featured" checked={form.isFeatured} onCheckedChange={(isFeatured) => setForm({ ...form, isFeatured })} />
              <Label htmlFor="product-featured">Featured</Label>
            </div>
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium">Product Image</p>
            {form.imageUrl && <CurrentImage src={form.imageUrl} alt="Current product image" onRemove={() => setForm({ ...form, imageUrl: null })} />}
            <ImageUpload target="product" label="Choose product image" onUploaded={(path) => setForm((f) => ({ ...f, imageUrl: path }))} />
          </div>
          {product && <ProductOptionsPanel productId={product.id} />}
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
