import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("uses the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      RATE_LIMIT: "on",
      SERVE_SITE: "on",
      WEEKLY_REPORT: "on",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MAIL_TO).toEqual([]);
  });

  it("names each bad variable and never echoes a secret", () => {
    expect(() => parseEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => parseEnv({ RATE_LIMIT: "maybe" })).toThrow(/RATE_LIMIT/);
    expect(() => parseEnv({ SMTP_URL: "smtp://localhost:2525" })).toThrow(/MAIL_TO/);
    expect(() =>
      parseEnv({ ADMIN_EMAIL: "a@b.example", ADMIN_PASSWORD: "short-secret" }),
    ).not.toThrow();
    let message = "";
    try {
      parseEnv({ ADMIN_EMAIL: "a@b.example", ADMIN_PASSWORD: "tiny-pw" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/ADMIN_PASSWORD/);
    expect(message).not.toContain("tiny-pw");
  });

  it("sends the weekly report unless WEEKLY_REPORT=off, refusing any other value at start", () => {
    expect(parseEnv({}).WEEKLY_REPORT).toBe("on");
    expect(parseEnv({ WEEKLY_REPORT: "off" }).WEEKLY_REPORT).toBe("off");
    for (const bad of ["no", "false", "OFF", "0"]) {
      expect(() => parseEnv({ WEEKLY_REPORT: bad }), bad).toThrow(
        /^Invalid configuration: WEEKLY_REPORT: WEEKLY_REPORT must be on or off$/,
      );
    }
  });

  it("reads the webhook receivers, their secret, Slack, the acknowledgement and the blocklist", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const env = parseEnv({
      WEBHOOK_URL: "https://hooks.example/a, https://crm.example/in?key=1",
      WEBHOOK_SECRET: secret,
      SLACK_WEBHOOK_URL: "https://hooks.slack.example/services/T/B/x",
      SPAM_BLOCKLIST: "@spam.example, cheap backlinks",
    });
    expect(env).toMatchObject({
      WEBHOOK_URL: ["https://hooks.example/a", "https://crm.example/in?key=1"],
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE: "off",
      ACK_EMAIL: "on",
      SPAM_BLOCKLIST: ["@spam.example", "cheap backlinks"],
    });
    expect(() => parseEnv({ WEBHOOK_URL: "https://hooks.example/a" })).toThrow(
      /^Invalid configuration: WEBHOOK_SECRET: WEBHOOK_SECRET is required when WEBHOOK_URL is set/,
    );
    let message = "";
    try {
      parseEnv({ WEBHOOK_URL: "https://hooks.example/a", WEBHOOK_SECRET: "whsec_c2hvcnQ=" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      "Invalid configuration: WEBHOOK_SECRET: WEBHOOK_SECRET must be whsec_ followed by at least 24 random bytes in base64",
    );
    expect(() => parseEnv({ WEBHOOK_URL: "ftp://hooks.example" })).toThrow(
      /WEBHOOK_URL: WEBHOOK_URL must be http\(s\) URLs separated by commas/,
    );
    expect(() => parseEnv({ ACK_EMAIL: "no" })).toThrow(/ACK_EMAIL must be on or off/);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE must be on or off/,
    );
  });

  it("can serve the functions without the site", () => {
    expect(parseEnv({ SERVE_SITE: "off" }).SERVE_SITE).toBe("off");
    expect(() => parseEnv({ SERVE_SITE: "no" })).toThrow(/SERVE_SITE/);
  });

  it("reads SITE_URL at run time as an origin (admin links in e-mails)", () => {
    expect(parseEnv({}).SITE_URL).toBe("https://www.boothpilot.example");
    expect(parseEnv({ SITE_URL: "https://www.example.com/" }).SITE_URL).toBe(
      "https://www.example.com",
    );
    expect(parseEnv({ SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
    for (const bad of ["www.example.com", "https://www.example.com/admin", "ftp://example.com"]) {
      expect(() => parseEnv({ SITE_URL: bad })).toThrow(
        /SITE_URL must be an absolute http\(s\) origin/,
      );
    }
  });

  it("needs MAIL_TO and MAIL_FROM with SMTP_URL, and takes several MAIL_TO addresses", () => {
    const env = parseEnv({
      SMTP_URL: "smtps://user:p%40ss@smtp.example.com:465",
      MAIL_TO: "team@example.com, sales@example.com",
      MAIL_FROM: "web@example.com",
    });
    expect(env.MAIL_TO).toEqual(["team@example.com", "sales@example.com"]);
    expect(() => parseEnv({ SMTP_URL: "smtp://localhost", MAIL_TO: "team@example.com" })).toThrow(
      /MAIL_FROM/,
    );
    expect(() => parseEnv({ SMTP_URL: "http://localhost" })).toThrow(/SMTP_URL must start/);
    expect(() => parseEnv({ MAIL_TO: "team@example.com; x" })).toThrow(/MAIL_TO/);
  });

  it("splits list variables", () => {
    const env = parseEnv({ CORS_ORIGINS: "https://a.example, https://b.example" });
    expect(env.CORS_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  });
});

describe("TRUST_PROXY", () => {
  it("takes the proxies' addresses or CIDRs", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.1, 10.0.0.0/8, ::1, fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
  });

  it("refuses a hop count at start, naming the variable and what to set instead", () => {
    for (const value of ["1", "2", "0"]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: TRUST_PROXY must not be a hop count \(every visitor would share the proxy's address and limits\): set the proxy's addresses or CIDRs/,
      );
    }
  });

  it("refuses true at start, naming the variable and what to set instead", () => {
    for (const value of ["true", "TRUE"]) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: TRUST_PROXY=true would trust any X-Forwarded-For a client sends: set the proxy's addresses or CIDRs/,
      );
    }
  });

  it("refuses a range of every address at start, naming the variable, as it refuses true", () => {
    for (const value of [
      "0.0.0.0/0",
      "::/0",
      "0.0.0.0/0,::/0",
      "10.0.0.2, 0.0.0.0/0",
      "10.0.0.0/0",
      "fd00::/0",
      "::ffff:0.0.0.0/96",
      "::FFFF:0:0/80",
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY: TRUST_PROXY must not hold a range of every address \(a \/0 such as 0\.0\.0\.0\/0 or ::\/0\): like TRUST_PROXY=true it would trust any X-Forwarded-For a client sends; set the proxy's addresses or CIDRs/,
      );
    }
    // Wide ranges short of everything stay a choice of the operator's.
    expect(parseEnv({ TRUST_PROXY: "0.0.0.0/1, ::ffff:10.0.0.0/104" }).TRUST_PROXY).toEqual([
      "0.0.0.0/1",
      "::ffff:10.0.0.0/104",
    ]);
  });

  it("refuses anything that is not an address or a CIDR", () => {
    for (const value of [
      "proxy.example",
      "10.0.0.0/33",
      "10.0.0.1/8/1",
      "1.5",
      "loopback, 10.0.0.1",
    ]) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY must be the proxies' addresses or CIDRs/,
      );
    }
  });
});

describe("ADMIN_PASSWORD", () => {
  it("refuses leading or trailing whitespace at start, never echoing the password", () => {
    for (const password of [
      " correct horse battery",
      "correct horse battery ",
      "\tcorrect horse battery\n",
    ]) {
      let message = "";
      try {
        parseEnv({ ADMIN_EMAIL: "a@b.example", ADMIN_PASSWORD: password });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(
        "ADMIN_PASSWORD: ADMIN_PASSWORD must not start or end with whitespace",
      );
      expect(message).not.toContain("correct horse");
    }
  });

  it("keeps inner spaces as they are", () => {
    const env = parseEnv({ ADMIN_EMAIL: "a@b.example", ADMIN_PASSWORD: "correct horse battery" });
    expect(env.ADMIN_PASSWORD).toBe("correct horse battery");
  });
});
