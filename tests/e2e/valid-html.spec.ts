// Every built page is valid HTML by html-validate's recommended rules (.htmlvalidate.mjs): the prerendered pages,
// the 404 page and the admin console's page in build/client, and the contact page as the server answers it after a
// refused no-JavaScript post (markup the server writes).
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { FileSystemConfigLoader, HtmlValidate, type Report } from "html-validate";
import { expect, test } from "./fixtures.ts";

const clientDir = join(import.meta.dirname, "..", "..", "build", "client");
const validator = new HtmlValidate(new FileSystemConfigLoader());

/** Each problem as "file:line:column rule: message", so a failure names what to fix. */
const problems = (report: Report) =>
  report.results.flatMap((result) =>
    result.messages.map(
      (message) =>
        `${relative(clientDir, result.filePath)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
    ),
  );

test("every built page is valid HTML", async () => {
  const pages = (await readdir(clientDir, { recursive: true }))
    .filter((file) => file.endsWith(".html"))
    .map((file) => join(clientDir, file));
  // 26 pages, the 404 page and the console's page.
  expect(pages.map((file) => relative(clientDir, file))).toEqual(
    expect.arrayContaining(["index.html", "404.html", "admin-console.html", "pricing/index.html"]),
  );
  expect(pages.length).toBeGreaterThanOrEqual(28);
  const found: string[] = [];
  for (const page of pages) found.push(...problems(await validator.validateFile(page)));
  expect(found).toEqual([]);
});

test("the contact page the server answers after a refused post is valid HTML", async ({
  request,
}) => {
  const posted = await request.post("/functions/v1/submit-contact-form", {
    form: { name: "", email: "ada@", phone: "", business_name: "", website: "x", message: "" },
  });
  expect(posted.url()).toMatch(/\/contact\?form=/);
  const html = await posted.text();
  expect(html).toContain("There is a problem");
  const report = await validator.validateString(html, join(clientDir, "contact-after-post.html"));
  expect(problems(report)).toEqual([]);
});
