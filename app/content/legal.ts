// Copy of the legal and info pages (privacy, terms, security, cookies, press, careers) from content/pages/, by path.
// Text in `backticks` renders as code; the mailboxes' addresses come from the build's config.
import { normalizePathname, paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { legalEntries, siteTexts } from "./store";

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { link: { label: string; to: string } }
  | {
      table: {
        caption: string;
        columns: readonly string[];
        rows: readonly (readonly string[])[];
      };
    };

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalPage {
  /** The page's <h1>. */
  title: string;
  intro: string;
  /** Shown under the title on the policies. */
  effectiveDate?: string;
  sections: readonly LegalSection[];
  /** Mailboxes listed in the page's contact section, first the page's own. */
  mailboxes: readonly { label: string; email: string }[];
}

export type LegalPath =
  | typeof paths.privacyPolicy
  | typeof paths.termsService
  | typeof paths.security
  | typeof paths.cookies
  | typeof paths.press
  | typeof paths.careers;

type LegalEntry = (typeof legalEntries)[keyof typeof legalEntries];
type BlockEntry = LegalEntry["sections"][number]["blocks"][number];

/** A block of the file as the page's template takes it: a paragraph is its text. */
function blockOf(block: BlockEntry): LegalBlock {
  switch (block.discriminant) {
    case "paragraph":
      return block.value;
    case "list":
      return { list: block.value };
    case "link":
      return { link: block.value };
    case "table": {
      const { caption, columns, rows } = block.value;
      return { table: { caption, columns, rows: rows.map((row) => row.cells) } };
    }
  }
}

function pageOf(entry: LegalEntry): LegalPage {
  return {
    title: entry.title,
    intro: entry.intro,
    effectiveDate: entry.effectiveDate || undefined,
    sections: entry.sections.map((section) => ({
      id: section.id,
      title: section.title,
      blocks: section.blocks.map(blockOf),
    })),
    mailboxes: entry.mailboxes.map(({ mailbox, label }) => ({
      label,
      email: siteConfig.mailboxes[mailbox],
    })),
  };
}

export const legalPages: Record<LegalPath, LegalPage> = {
  [paths.privacyPolicy]: pageOf(legalEntries.privacyPolicy),
  [paths.termsService]: pageOf(legalEntries.termsService),
  [paths.security]: pageOf(legalEntries.security),
  [paths.cookies]: pageOf(legalEntries.cookies),
  [paths.press]: pageOf(legalEntries.press),
  [paths.careers]: pageOf(legalEntries.careers),
};

export const legalCopy = {
  contactTitle: siteTexts.legalContact.title,
  contactIntro: siteTexts.legalContact.intro,
};

/** The legal or info page of a location path; throws for a path that is not one (a build error). */
export function legalPageFor(pathname: string): LegalPage {
  const page = (legalPages as Record<string, LegalPage | undefined>)[normalizePathname(pathname)];
  if (!page) throw new Error(`${pathname} is not a legal or info page`);
  return page;
}
