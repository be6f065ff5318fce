import { reportCsvCells, REPORT_CSV_HEADER } from '@/modules/shop/contract/taxReport'
import { taxReportQuerySchema } from '@/modules/shop/contract/taxReportQuery'
import { taxReport } from '@/modules/shop/server/taxReport'
import { TEAM } from '@/platform/access/roles'
import { payloadClient } from '@/platform/db/payload'
import { fieldErrors, invalid } from '@/platform/errors'
import { requireRole } from '@/platform/http/auth'
import { csvStreamResponse } from '@/platform/http/csv'
import { handle, json } from '@/platform/http'

/**
 * The tax report of ?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included, the band's time zone):
 * a CSV download, or JSON (money in integer cents) with `Accept: application/json`. Team members
 * read it: it holds sums per place, no buyer's details.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = taxReportQuerySchema.safeParse(params)
  if (!parsed.success) throw invalid('Please check the report dates.', fieldErrors(parsed.error))
  const report = await taxReport(await payloadClient(), parsed.data)
  if ((request.headers.get('accept') ?? '').includes('application/json')) return json(report)
  async function* rows() {
    yield report.rows.map(reportCsvCells)
  }
  return csvStreamResponse(`tax-report-${report.from}-to-${report.to}`, [...REPORT_CSV_HEADER], rows())
})
