import { describe, expect, it } from "vitest";
import { bufferedLogStream } from "./log-stream.ts";

describe("bufferedLogStream", () => {
  it("writes lines in chunks: after the delay, or at once past the size limit", async () => {
    const chunks: string[] = [];
    const stream = bufferedLogStream(
      { write: (chunk) => chunks.push(chunk) },
      {
        maxBytes: 20,
        maxDelayMs: 30,
      },
    );
    stream.write("one\n");
    stream.write("two\n");
    expect(chunks).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(chunks).toEqual(["one\ntwo\n"]);
    stream.write("a long line of text\n");
    expect(chunks).toEqual(["one\ntwo\n", "a long line of text\n"]);
    stream.write("last\n");
    stream.flush();
    expect(chunks.at(-1)).toBe("last\n");
  });

  it("writes an error line at once, with the lines buffered before it", () => {
    const chunks: string[] = [];
    const stream = bufferedLogStream(
      { write: (chunk) => chunks.push(chunk) },
      { maxDelayMs: 10_000 },
    );
    stream.write('{"level":30,"msg":"request"}\n');
    expect(chunks).toEqual([]);
    stream.write('{"level":50,"msg":"mail failed"}\n');
    expect(chunks).toEqual(['{"level":30,"msg":"request"}\n{"level":50,"msg":"mail failed"}\n']);
    stream.write('{"level":60,"msg":"fatal"}\n');
    expect(chunks.at(-1)).toBe('{"level":60,"msg":"fatal"}\n');
  });
});
