// SMTP_URL and TLS, against a real SMTP server in the test process: smtp:// requires STARTTLS, so a server (or an
// attacker on the way) that does not offer it never sees the login; a local catcher is reached only when the URL
// opts out explicitly with requireTLS=false.
import { describe, expect } from "vitest";
import { type AppLauncher, storageTest as it } from "../test/storage.ts";
import { smtpTls, smtpTransport } from "./transport.ts";

const credentials = { user: "web@boothpilot.example", pass: "smtp secret" };
const mail = {
  from: "web@boothpilot.example",
  to: "team@boothpilot.example",
  subject: "Hi",
  text: "Hello",
};

/** One message through a transport of its own, closed afterwards. */
async function sendOnce(url: string): Promise<void> {
  const transport = smtpTransport(url);
  try {
    await transport.send(mail, AbortSignal.timeout(10_000));
  } finally {
    transport.close();
  }
}

describe("SMTP over smtp://", () => {
  it("sends nothing, not even the login, to a server that does not offer STARTTLS", async ({
    smtpServers,
  }) => {
    const smtp = await smtpServers.start(credentials);
    const url = `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${smtp.port}`;
    expect(smtpTls(url)).toBe("starttls-required");
    await expect(sendOnce(url)).rejects.toThrow();
    expect(smtp.authAttempts).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("delivers over STARTTLS when the server offers it", async ({ smtpServers }) => {
    const smtp = await smtpServers.start({ ...credentials, starttls: true });
    expect(smtpTls(smtp.url)).toBe("starttls-required");
    await sendOnce(smtp.url);
    expect(smtp.received).toHaveLength(1);
  });

  it("reaches a local catcher without TLS only when the URL says requireTLS=false", async ({
    smtpServers,
  }) => {
    const smtp = await smtpServers.start(credentials);
    expect(smtp.url).toMatch(/\?requireTLS=false$/);
    expect(smtpTls(smtp.url)).toBe("plaintext-allowed");
    await sendOnce(smtp.url);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.user).toBe(credentials.user);
  });

  it("tells smtps:// apart: TLS from the start", () => {
    expect(smtpTls("smtps://u:p@smtp.example.com:465")).toBe("implicit");
  });
});

describe("the start log", () => {
  let apps: AppLauncher;
  it.beforeEach(({ apps: launcher }) => {
    apps = launcher;
  });
  it.each([
    ["smtp://127.0.0.1:2525", "starttls-required", false],
    ["smtp://127.0.0.1:2525?requireTLS=false", "plaintext-allowed", true],
    ["smtps://127.0.0.1:465", "implicit", false],
  ] as const)(
    "names the TLS mode of %s once, warning about an opt-out",
    async (url, tls, warns) => {
      const lines: Array<Record<string, unknown>> = [];
      const app = await apps.start(
        { SMTP_URL: url, MAIL_TO: "team@boothpilot.example", MAIL_FROM: "web@boothpilot.example" },
        {
          logger: {
            level: "info",
            stream: { write: (line: string) => lines.push(JSON.parse(line)) },
          },
        },
      );
      await app.listen({ port: 0, host: "127.0.0.1" });
      const started = lines.filter((line) => String(line.msg).startsWith("mail delivery on"));
      expect(started).toHaveLength(1);
      expect(started[0]?.tls).toBe(tls);
      const warnings = lines.filter((line) => String(line.msg).includes("opts out of TLS"));
      expect(warnings).toHaveLength(warns ? 1 : 0);
    },
  );
});
