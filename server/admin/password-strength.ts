// Judges a new console password: long enough, and not guessable by zxcvbn-ts with its common and English
// dictionaries and the person's own address; the verdict's reason is shown under the field.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { minPasswordLength, type PasswordVerdict } from "../../contracts/team.ts";

/** zxcvbn's score 3: "safely unguessable", about 10^10 guesses, beyond an offline attack on a slow hash. */
const minScore = 3;

let estimator: ZxcvbnFactory | undefined;

// Built on first use: the dictionaries take a moment to index and most starts never need them.
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

export function judgePassword(password: string, userInputs: string[] = []): PasswordVerdict {
  if ([...password].length < minPasswordLength) {
    return { ok: false, reason: `Use at least ${minPasswordLength} characters.` };
  }
  // The address's parts count as known words: "dana.smith-2026!" is weak for dana.smith@….
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_+-]+/)]);
  const result = zxcvbn().check(password, inputs.filter(Boolean));
  if (result.score >= minScore) return { ok: true, reason: null };
  const why = result.feedback.warning || "This password is too easy to guess.";
  const hint = result.feedback.suggestions[0] ?? "Add more words or characters nobody would guess.";
  return { ok: false, reason: `${why} ${hint}` };
}
