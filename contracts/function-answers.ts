// The server functions' answers as zod schemas: the wire shape of FunctionResult, for the generated API documents.
// Kept apart from function-result.ts so the pages' scripts, which only read answers, never bundle these schemas.
import { z } from "zod";
import type { FunctionResult } from "./function-result.ts";

/** 200: the row is committed (or was already, for a repeat). */
export const successAnswer = z.strictObject({ success: z.literal(true) });

/** Every refusal and failure: one sentence for a person, naming the field and the rule where there is one. */
export const errorAnswer = z.strictObject({ success: z.literal(false), error: z.string().min(1) });

/** A function's 500: the one fixed text it answers when its data could not be stored. */
export const failureAnswer = (text: string) =>
  z.strictObject({ success: z.literal(false), error: z.literal(text) });

// The schemas above describe FunctionResult, not some other shape.
true satisfies z.infer<typeof successAnswer> extends FunctionResult ? true : false;
true satisfies z.infer<typeof errorAnswer> extends FunctionResult ? true : false;
