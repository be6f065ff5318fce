import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { s3Storage } from '@payloadcms/storage-s3'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { Campaigns } from '@/modules/newsletter/model/Campaigns'
import { DiscountCodes } from '@/modules/shop/model/DiscountCodes'
import { ShippingSettings } from '@/modules/shop/model/ShippingSettings'
import { TaxSettings } from '@/modules/shop/model/TaxSettings'
import { Links } from '@/modules/site/model/Links'
import { Media, MEDIA_PREFIX } from '@/modules/site/model/Media'
import { OrderItems } from '@/modules/shop/model/OrderItems'
import { Orders } from '@/modules/shop/model/Orders'
import { PaymentEvents } from '@/modules/shop/model/PaymentEvents'
import { ProductOptions } from '@/modules/catalog/model/ProductOptions'
import { Products } from '@/modules/catalog/model/Products'
import { Releases } from '@/modules/music/model/Releases'
import { Shows } from '@/modules/shows/model/Shows'
import { Subscribers } from '@/modules/newsletter/model/Subscribers'
import { Users } from '@/modules/team/model/Users'
import { BandProfile } from '@/modules/site/model/BandProfile'
import { ThemeSettings } from '@/modules/site/model/ThemeSettings'
import { isOwner } from '@/platform/access/isOwner'
import { nobody } from '@/platform/access/nobody'
import { refuseUnreadableGlobalInput, refuseUnreadableInput } from '@/platform/db/refuseUnreadableInput'
import { CMS_TITLE_SUFFIX } from './lib/cmsTitle'
import { DEFAULT_SENDER_NAME, sentAsTheBand } from '@/platform/email/bandSender'
import { sendEmailTask } from '@/platform/email/sendEmailTask'
import { createMailTransport } from '@/platform/email/mailTransport'
import { payloadSecret } from '@/platform/runtime/secret'
import { s3Settings } from '@/platform/storage/s3Settings'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const s3 = s3Settings()
const siteUrl = (process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, '')

export default buildConfig({
  secret: payloadSecret(),
  serverURL: siteUrl,
  // Cookie-authenticated requests from any other origin are treated as anonymous.
  csrf: [siteUrl],
  cors: [siteUrl],
  routes: { api: '/api/cms', admin: '/cms' },
  // Nothing uses GraphQL (the site, the dashboard and /cms all speak REST): /api/cms/graphql
  // answers 404 before reading the body, and leaks no schema through its error suggestions.
  graphQL: { disable: true },
  admin: {
    user: Users.slug,
    importMap: { baseDir: dirname, importMapFile: path.resolve(dirname, 'app/(payload)/cms/importMap.js') },
    meta: { titleSuffix: CMS_TITLE_SUFFIX },
    components: { beforeNavLinks: ['@/ui/cms/BackToDashboard#BackToDashboard'] },
    // Payload's own avatar, not Gravatar: the admin loads nothing from other sites.
    avatar: 'default',
  },
  collections: [
    Users,
    Links,
    Products,
    ProductOptions,
    Orders,
    OrderItems,
    DiscountCodes,
    PaymentEvents,
    Shows,
    Releases,
    Subscribers,
    Campaigns,
    Media,
  ].map((collection) => ({
    ...collection,
    hooks: {
      ...collection.hooks,
      beforeOperation: [refuseUnreadableInput, ...(collection.hooks?.beforeOperation ?? [])],
    },
  })),
  globals: [BandProfile, ThemeSettings, ShippingSettings, TaxSettings].map((global) => ({
    ...global,
    hooks: {
      ...global.hooks,
      beforeOperation: [refuseUnreadableGlobalInput, ...(global.hooks?.beforeOperation ?? [])],
    },
  })),
  db: postgresAdapter({
    pool: { connectionString: process.env.DATABASE_URL ?? '', max: 10 },
    idType: 'uuid',
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
  }),
  email: sentAsTheBand(
    nodemailerAdapter({
      defaultFromAddress: process.env.MAIL_FROM ?? 'no-reply@localhost',
      defaultFromName: DEFAULT_SENDER_NAME,
      skipVerify: true,
      transport: createMailTransport(),
    }),
  ),
  plugins: [
    // Media files go to the bucket when S3_BUCKET is set, else to the upload directory on disk.
    // The plugin's fields are inserted either way so the database schema is the same in both modes.
    s3Storage({
      enabled: s3 !== null,
      alwaysInsertFields: true,
      bucket: s3?.bucket ?? '',
      config: s3?.client ?? {},
      collections: { media: { prefix: MEDIA_PREFIX } },
    }),
  ],
  jobs: {
    tasks: [sendEmailTask],
    // Queued emails are sent by the servers' own job runner (src/platform/jobs/runner.ts), one
    // instance at a time; running jobs through the REST API would bypass that, so nobody may.
    deleteJobOnComplete: false,
    access: { run: nobody as never, queue: nobody as never, cancel: isOwner as never },
  },
  sharp,
  telemetry: false,
  typescript: {
    outputFile: process.env.PAYLOAD_TYPES_OUT ?? path.resolve(dirname, 'payload-types.ts'),
  },
})
