// Every link in README.md and docs/ leads to a file (and heading) of the repository, or to a sample host.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { brokenLinks, markdownDocuments } from "./lib/doc-links.ts";
import { repositoryRoot } from "./lib/generated-docs.ts";

describe("links between the documents", () => {
  it("README.md and docs/ link only to existing files and headings of the repository", () => {
    const files = markdownDocuments(repositoryRoot);
    expect(files).toContain("README.md");
    expect(files).toContain("docs/architecture.md");
    expect(brokenLinks(repositoryRoot, files)).toEqual([]);
  });

  it("reports a missing file, a missing heading and links outside the repository", () => {
    const root = mkdtempSync(join(tmpdir(), "doc-links-"));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs", "guide.md"), "# Guide\n\n## Sign in\n\nText.\n");
    writeFileSync(
      join(root, "README.md"),
      [
        "[fine](docs/guide.md#sign-in) [fine too](#read-me) <http://localhost:3000>",
        "[missing](docs/gone.md) [no heading](docs/guide.md#sign-out) [out](../elsewhere.md)",
        "[web](https://www.npmjs.com/) [sample](https://app.boothpilot.example/) `[code](nowhere.md)`",
        "Bare: https://github.com/fastify/fastify, and http://localhost:3000/admin.",
        "",
        "## Read me",
      ].join("\n"),
    );
    expect(brokenLinks(root, markdownDocuments(root))).toEqual([
      { file: "README.md", target: "docs/gone.md", reason: "no such file" },
      { file: "README.md", target: "docs/guide.md#sign-out", reason: "no heading #sign-out" },
      { file: "README.md", target: "../elsewhere.md", reason: "leads outside the repository" },
      {
        file: "README.md",
        target: "https://www.npmjs.com/",
        reason: "leads outside the repository",
      },
      {
        file: "README.md",
        target: "https://github.com/fastify/fastify",
        reason: "leads outside the repository",
      },
    ]);
  });
});
