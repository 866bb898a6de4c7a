// The console's CSV downloads: RFC 4180 (CRLF, quotes doubled), UTF-8 with a BOM so spreadsheets read the
// encoding right, and text a spreadsheet would run as a formula prefixed with an apostrophe.

import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

/** A cell starting with one of these is a formula (or DDE payload) to Excel, LibreOffice and Google Sheets. */
const formulaStart = /^[=+\-@\t\r]/;

export function guardFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

export type CsvCell = string | number | null | undefined;

/** A header row and its records as one CSV document; numbers are written as numbers, text guarded. */
export function toCsv(header: readonly string[], records: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...records], {
    bom: true,
    record_delimiter: "windows",
    // RFC 4180 quotes a field holding any line break; csv-stringify's default only quotes the record delimiter.
    quoted_match: /[\r\n]/,
    cast: { string: guardFormula },
  });
}

/** Answers with a CSV document as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`)
    .header("cache-control", "no-store")
    .send(csv);
}
