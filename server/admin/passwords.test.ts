import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

// Cheap parameters: these tests are about the format and the comparison, not the cost.
const cheap = { N: 1024, r: 8, p: 1 };

describe("admin password hashes", () => {
  it("verify the password they were made from and nothing else", async () => {
    const stored = await hashPassword("correct horse battery staple", cheap);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("use a new salt every time", async () => {
    const first = await hashPassword("same password twice", cheap);
    const second = await hashPassword("same password twice", cheap);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password twice", second)).toBe(true);
  });

  it("treat the same text in either Unicode normal form as one password", async () => {
    const composed = "caf\u00e9 au lait, s'il vous pla\u00eet";
    const stored = await hashPassword(composed, cheap);
    expect(await verifyPassword(composed.normalize("NFD"), stored)).toBe(true);
  });

  it("never match an unreadable or altered hash", async () => {
    const stored = await hashPassword("a password of some length", cheap);
    const parts = stored.split("$");
    // The key's first character changed: always a different key (changing its last characters could leave it
    // as it was, or alter only base64's padding bits).
    const key = parts[5] ?? "";
    const alteredKey = [
      ...parts.slice(0, 5),
      `${key.startsWith("A") ? "B" : "A"}${key.slice(1)}`,
    ].join("$");
    for (const bad of [
      "",
      "plain text",
      stored.replace("scrypt", "bcrypt"),
      stored.replace("$1024$", "$0$"),
      alteredKey,
      parts.slice(0, 5).join("$"),
    ]) {
      expect(await verifyPassword("a password of some length", bad), bad).toBe(false);
    }
  });
});
