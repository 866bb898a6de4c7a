// A legal or info page's body: sections of paragraphs, lists, tables and links, then the mailboxes.
import { Fragment, type ReactNode } from "react";
import type { LegalBlock, LegalPage } from "../../content/legal";
import { MailIcon } from "../ui/icons";
import { TextLink } from "./button-link";
import { ScrollRegion } from "./scroll-region";

/** Renders `backticked` parts of a text as <code>. */
function inline(text: string): ReactNode {
  if (!text.includes("`")) return text;
  return text.split("`").map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder.
      <code key={index} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em] text-ink">
        {part}
      </code>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never reorder.
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{inline(block)}</p>;
  if ("list" in block) {
    return (
      <ul className="grid list-disc gap-2 pl-6">
        {block.list.map((item) => (
          <li key={item}>{inline(item)}</li>
        ))}
      </ul>
    );
  }
  if ("link" in block) {
    return (
      <p>
        <TextLink to={block.link.to}>{block.link.label}</TextLink>
      </p>
    );
  }
  const { caption, columns, rows } = block.table;
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="px-4 pt-3 pb-2 text-left font-semibold text-ink">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold text-ink">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-b border-slate-200 last:border-b-0">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={cell} scope="row" className="px-4 py-2 align-top font-semibold text-ink">
                    {inline(cell)}
                  </th>
                ) : (
                  <td key={cell} className="px-4 py-2 align-top text-muted">
                    {inline(cell)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

interface LegalDocumentProps {
  page: LegalPage;
  contactTitle: string;
  contactIntro: string;
}

export function LegalDocument({ page, contactTitle, contactIntro }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-20">
      {page.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10"
        >
          <h2 id={`${section.id}-title`} className="text-2xl font-bold text-ink">
            {section.title}
          </h2>
          <div className="mt-4 grid gap-4 text-muted">
            {section.blocks.map((block) => (
              <Block key={JSON.stringify(block)} block={block} />
            ))}
          </div>
        </section>
      ))}
      <section
        id="contact"
        aria-labelledby="contact-title"
        className="mt-12 rounded-xl bg-brand-50 p-6"
      >
        <h2 id="contact-title" className="text-2xl font-bold text-ink">
          {contactTitle}
        </h2>
        <p className="mt-2 text-muted">{contactIntro}</p>
        <dl className="mt-4 grid gap-3">
          {page.mailboxes.map((mailbox) => (
            <div key={mailbox.email} className="flex flex-wrap items-center gap-x-3">
              <dt className="font-semibold text-ink">{mailbox.label}</dt>
              <dd>
                <TextLink to={`mailto:${mailbox.email}`} className="inline-flex items-center gap-1">
                  <MailIcon width={16} height={16} />
                  {mailbox.email}
                </TextLink>
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
