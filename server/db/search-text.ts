// The inbox search's one folding of text (ADR 31): the same in JavaScript for the stored column and the search, so
// SQLite and PostgreSQL find the same messages whatever their own case and accent rules.

/** The fields of a contact message the inbox search looks in. */
export interface SearchedFields {
  name: string;
  email: string;
  business_name: string | null;
  message: string;
}

/**
 * Text as the search compares it: compatibility-decomposed (NFKD) with the combining marks dropped, so "É" is "e"
 * and "ﬁ" is "fi", then lower-cased, with each run of white space one space. Letters Unicode does not decompose
 * (ø, ł, ß, œ) stay as they are.
 */
export function foldForSearch(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ");
}

/**
 * The `search_text` column of a message: each field folded, one a line. A folded search holds no line break, so it
 * is found within one field, never across two.
 */
export function messageSearchText(fields: SearchedFields): string {
  return [fields.name, fields.email, fields.business_name ?? "", fields.message]
    .map(foldForSearch)
    .join("\n");
}
