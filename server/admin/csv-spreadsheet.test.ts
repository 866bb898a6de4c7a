// The inbox CSV as a spreadsheet opens it: the real export from both databases, read by LibreOffice (headless) with
// `,` and with `;` as separator, holds no formula whatever a sender typed.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { adminRequest } from "../test/admin.ts";
import { browserUserAgent, storeMessage } from "../test/factories.ts";
import { dialects, storageTest as it } from "../test/storage.ts";

/** LibreOffice's command on PATH (Debian: libreoffice-calc-nogui), or null. */
const soffice =
  (process.env.PATH ?? "")
    .split(delimiter)
    .map((dir) => join(dir, "soffice"))
    .find((path) => existsSync(path)) ?? null;

/** What senders typed: each is a formula to a spreadsheet unless guarded. */
const sender = {
  name: "Eve;=10*10;",
  email: "eve@example.com",
  phone: "+1 555 0100",
  business_name: "Acme, =1+2",
  website: null,
  message: "Hello\n=7*6\r\n@SUM(1;2)\n-3+4; -5+6",
};

describe("the inbox CSV in LibreOffice", () => {
  let folder: string;
  const csvFiles: string[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "boothpilot-csv-"));
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it.skipIf(soffice === null)(
    `runs no cell as a formula, read with "," or ";"${soffice ? "" : " (skipped: LibreOffice is not installed: apt-get install libreoffice-calc-nogui)"}`,
    { timeout: 120_000 },
    async ({ storage }) => {
      for (const dialect of dialects) {
        const database = await storage.database(dialect);
        await storeMessage(database, { ...sender, user_agent: browserUserAgent });
        const { app, session } = await storage.apps(dialect).signedIn();
        const response = await adminRequest(app, { url: adminApiPaths.messagesCsv, session });
        expect(response.statusCode).toBe(200);
        const file = join(folder, `inbox-${dialect}.csv`);
        await writeFile(file, response.rawPayload);
        csvFiles.push(file);
      }

      // One LibreOffice run per separator, each reading both exports (a fresh profile: no user's settings).
      for (const [label, code] of [
        ["comma", 44],
        ["semicolon", 59],
      ] as const) {
        const outdir = join(folder, label);
        await promisify(execFile)(
          soffice ?? "soffice",
          [
            `-env:UserInstallation=file://${join(folder, "profile")}`,
            "--headless",
            // Separator, text delimiter ", UTF-8 (76), from line 1; formulas are evaluated by default.
            `--infilter=CSV:${code},34,76,1`,
            "--convert-to",
            "fods",
            "--outdir",
            outdir,
            ...csvFiles,
          ],
          { timeout: 100_000 },
        );
        for (const dialect of dialects) {
          const sheet = await readFile(join(outdir, `inbox-${dialect}.fods`), "utf8");
          // The sender's text is there, as text: no cell of the sheet is a formula.
          expect(sheet, `${dialect}, ${label}`).toContain("10*10");
          expect(sheet, `${dialect}, ${label}`).toContain("7*6");
          const formulas = sheet.match(/table:formula="[^"]*"/g) ?? [];
          expect(formulas, `${dialect}, ${label}`).toEqual([]);
        }
      }
    },
  );
});
