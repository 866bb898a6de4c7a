// The console's CSV downloads: RFC 4180 (CRLF, quotes doubled), UTF-8 with a BOM so spreadsheets read the
// encoding right, and text a spreadsheet would run as a formula prefixed with an apostrophe.

import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

/**
 * Text a spreadsheet runs as a formula (or DDE payload): a cell starting, spaces aside, with `=`, `+`, `-` or `@`.
 * A cell starts at the field's start and, for a spreadsheet told to split on them, after any `;`, `,`, tab or line
 * break in it (`;` is the default separator in many locales): `Eve;=10*10` is one field to us but a formula to
 * LibreOffice reading with `;`.
 */
const formulaSegment = /(^|[;,\t\r\n])(\s*)(?=[=+\-@])/g;

/** Separators a spreadsheet may split on: a field holding one is quoted. */
const separator = /[;,\t\r\n]/;

/** The text with an apostrophe before every segment a spreadsheet could run, and before a leading tab or CR. */
export function guardFormula(text: string): string {
  const guarded = text.replace(formulaSegment, "$1$2'");
  return /^[\t\r]/.test(guarded) ? `'${guarded}` : guarded;
}

export type CsvCell = string | number | null | undefined;

/** A header row and its records as one CSV document; numbers are written as numbers, text guarded. */
export function toCsv(header: readonly string[], records: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...records], {
    bom: true,
    record_delimiter: "windows",
    // RFC 4180 quotes a field holding any line break (csv-stringify's default only quotes the record delimiter);
    // one holding `;` or a tab is quoted too, for a spreadsheet splitting on those.
    quoted_match: separator,
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
