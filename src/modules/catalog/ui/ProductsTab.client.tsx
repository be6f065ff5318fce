'use client'

import { useQuery } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { useState, type ReactNode } from 'react'

import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { Card } from '@/ui/card'
import { Input } from '@/ui/input'
import { Textarea } from '@/ui/textarea'
import { apiJson } from '@/ui/api-client'
import { preorderLabel } from '@/modules/stock/contract/preorder'
import { productSchema } from '@/modules/catalog/contract/product'

import { FormField } from '@/ui/admin/FormField.client'
import { ImageField } from '@/ui/admin/ImageUpload.client'
import { useChosenImages } from '@/ui/admin/useChosenImages'
import { KEYS, useAdminMutation } from '@/ui/admin/mutations.client'
import { ProductOptionsPanel, useProductOptions } from './ProductOptionsPanel.client'
import { RecordDialog, useRecordForm, useSaveRecord } from '@/ui/admin/RecordDialog.client'
import { RecordList, useRecords, type Resource } from '@/ui/admin/RecordList.client'
import type { AdminProduct as Product } from '@/modules/catalog/contract/types'

const PRODUCTS: Resource = { noun: 'product', path: '/api/admin/products', invalidate: [KEYS.products] }

/** The products, then `panels`: the other modules' settings shown under them (discounts, shipping, waiting lists). */
export function ProductsTab({ panels }: { panels?: ReactNode }) {
  const duplicate = useAdminMutation({
    mutationFn: (id: string) =>
      apiJson<{ product: Product; optionsCopied: number }>('POST', `/api/admin/products/${id}/duplicate`),
    invalidate: [KEYS.products],
    success: ({ product, optionsCopied }) => ({
      title: 'Product duplicated successfully',
      description: `Created "${product.name}" with ${optionsCopied} ${optionsCopied === 1 ? 'option' : 'options'} copied.`,
    }),
    failure: 'Failed to duplicate product',
  })

  return (
    <div className="grid gap-10">
      <RecordList<Product>
        title="Manage Products"
        addLabel="Add Product"
        query={useRecords<Product>(KEYS.products)}
        empty={<>No products created yet. Click &quot;Add Product&quot; to get started.</>}
        listLabel="Products"
        listClassName="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        itemName={(product) => product.name}
        resource={PRODUCTS}
        confirmDelete={(product) => `Are you sure you want to delete "${product.name}"?`}
        renderItem={(product, { canEdit, editButton, deleteButton }) => (
          <Card className="flex h-full flex-col overflow-hidden">
            <ProductImage product={product} />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h2 className="font-semibold">{product.name}</h2>
              <p className="text-lg font-bold">${product.price}</p>
              <ProductStock product={product} />
              <div className="flex flex-wrap gap-2">
                <Badge variant={product.isActive ? 'default' : 'muted'}>
                  {product.isActive ? 'Active' : 'Inactive'}
                </Badge>
                {product.isFeatured && <Badge variant="accent">Featured</Badge>}
              </div>
              {canEdit && (
                <div className="mt-auto flex flex-wrap gap-2 pt-2">
                  {editButton('Edit')}
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
                  {deleteButton('Delete')}
                </div>
              )}
            </div>
          </Card>
        )}
        renderDialog={(product, onClose) => <ProductDialog product={product} onClose={onClose} />}
      />
      {panels}
    </div>
  )
}

/** A sized product is sold by its sizes' stock: the card shows their sum. */
function ProductStock({ product }: { product: Product }) {
  const options = useProductOptions(product.id)
  const sizes = options.data ?? []
  const stock = sizes.length ? sizes.reduce((sum, o) => sum + o.inventory, 0) : product.inventory
  return (
    <p className="text-sm text-muted-foreground">
      Inventory: {stock}
      {sizes.length > 0 && ` (${sizes.length === 1 ? '1 size' : `${sizes.length} sizes`})`}
      {sizes.length === 0 && product.preorderShipsOn && ` · ${preorderLabel(product.preorderShipsOn)}`}
      {sizes.some((o) => o.preorderShipsOn) && ' · sizes on pre-order'}
    </p>
  )
}

function ProductImage({ product }: { product: Product }) {
  const [failed, setFailed] = useState(false)
  const box = 'flex aspect-square w-full items-center justify-center bg-foreground/5 text-sm text-muted-foreground'
  if (!product.imageUrl) return <div className={box}>No image uploaded</div>
  if (failed) return <div className={box}>Image failed to load</div>
  return (
    <img
      src={product.imageUrl}
      alt={product.name}
      className="aspect-square w-full object-cover"
      onError={() => setFailed(true)}
    />
  )
}

/** The product form's first values: the product's, or a new product's defaults. */
function productFormValues(product: Product | null) {
  return {
    name: product?.name ?? '',
    price: product?.price ?? '',
    category: product?.category ?? '',
    inventory: String(product?.inventory ?? 0),
    lowStockThreshold: String(product?.lowStockThreshold ?? 3),
    preorderShipsOn: product?.preorderShipsOn ?? '',
    preorderCap: product?.preorderCap === null || product?.preorderCap === undefined ? '' : String(product.preorderCap),
    description: product?.description ?? '',
    isActive: product?.isActive ?? true,
    isFeatured: product?.isFeatured ?? false,
    imageUrl: product?.imageUrl ?? null,
    includesReleaseId: product?.includesReleaseId ?? '',
  }
}

/** The product dialog's form, its sizes, the chosen image, and the save (image uploaded first). */
function useProductForm(product: Product | null, onClose: () => void) {
  const save = useSaveRecord(product, PRODUCTS, onClose)
  const options = useProductOptions(product?.id)
  const sizes = options.data ?? []
  const images = useChosenImages('imageUrl')
  const recordForm = useRecordForm(
    productFormValues(product),
    productSchema,
    async (parsed, values) => {
      const uploaded = await images.uploadChosen()
      if (!uploaded) return
      const data = { ...parsed, ...uploaded }
      if (!product) return save.mutate(data)
      // Stock changes are explicit: an untouched stock field leaves sales made meanwhile alone.
      // A sized product's stock is its sizes': the product's own is left alone.
      const { inventory, ...fields } = data
      const changed = sizes.length === 0 && values.inventory !== String(product.inventory)
      save.mutate({ ...fields, ...(changed ? { inventory } : {}) })
    },
    'product',
  )
  return { save, sizes, images, ...recordForm }
}

function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { save, sizes, images, form, set, errors, submit, text, toggle } = useProductForm(product, onClose)

  return (
    <RecordDialog
      title={product ? 'Edit Product' : 'Add Product'}
      description="Active products can be sold; featured ones are shown on the public page."
      submitLabel={product ? 'Update Product' : 'Create Product'}
      pending={save.isPending || images.uploading}
      pendingLabel={images.uploading ? 'Uploading...' : undefined}
      onSubmit={submit}
      onClose={onClose}
      className="max-w-2xl"
    >
      {text('name', 'Name')}
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price', 'Price', { placeholder: '19.99', inputMode: 'decimal' })}
        {text('category', 'Category')}
        {sizes.length > 0 ? (
          <FormField id="product-inventory" label="Inventory" hint="The sum of its sizes: change each size below.">
            <Input id="product-inventory" value={String(sizes.reduce((sum, o) => sum + o.inventory, 0))} disabled />
          </FormField>
        ) : (
          // On pre-order the stock may be below 0: the units owed beyond it.
          text('inventory', 'Inventory', { type: 'number', min: product?.preorderShipsOn ? undefined : 0 })
        )}
        {text('lowStockThreshold', 'Low-stock alert at', { type: 'number', min: 0 })}
      </div>
      {sizes.length > 0 ? (
        <p className="text-sm text-muted-foreground">A size goes on pre-order from its own Edit below.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('preorderShipsOn', 'Pre-order ships on', { type: 'date' })}
          {text('preorderCap', 'Pre-order cap', { type: 'number', min: 0, placeholder: 'No limit' })}
        </div>
      )}
      <FormField id="product-description" label="Description" error={errors.description}>
        <Textarea
          id="product-description"
          value={form.description}
          onChange={(e) => set('description', e.target.value)}
        />
      </FormField>
      <IncludedRelease value={form.includesReleaseId} onChange={(id) => set('includesReleaseId', id)} />
      <div className="flex flex-wrap gap-6">
        {toggle('isActive', 'Active')}
        {toggle('isFeatured', 'Featured')}
      </div>
      <ImageField
        label="Product Image"
        noun="product"
        target="product"
        value={form.imageUrl}
        onChange={(path) => set('imageUrl', path)}
        chosen={images.ref('imageUrl')}
      />
      {product ? (
        <ProductOptionsPanel productId={product.id} />
      ) : (
        <p className="rounded-md border border-border p-4 text-sm text-muted-foreground">
          Sizes (options) are added once the product is saved: create it, then press Edit on its card to add them,
          several at once.
        </p>
      )}
    </RecordDialog>
  )
}

/** The release a product comes with (the vinyl with its download): paying for the product gives it. */
function IncludedRelease({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const releases = useQuery<{ id: string; title: string }[]>({ queryKey: KEYS.releases })
  return (
    <FormField id="product-includesReleaseId" label="Includes the release" hint="Buyers may download it once paid.">
      <select
        id="product-includesReleaseId"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="">No release</option>
        {(releases.data ?? []).map((release) => (
          <option key={release.id} value={release.id}>
            {release.title}
          </option>
        ))}
      </select>
    </FormField>
  )
}
