// Every request body parser the server has, in one place: which media types a scope reads and how. Fastify's JSON
// parser (prototype poisoning refused) everywhere; the /functions scope tells a forbidden key apart from broken JSON;
// the contact form's no-JavaScript post is read form-encoded, every field a plain string.
import type { FastifyError, FastifyInstance } from "fastify";
import { forbiddenKeyCode } from "./error-answers.ts";
import { clientError } from "./functions/http.ts";

/** Bodies are JSON (or, for the contact form, form-encoded): a text/plain POST is refused (415), never parsed. */
export function acceptNoPlainText(app: FastifyInstance): void {
  app.removeContentTypeParser("text/plain");
}

/** The scope's JSON parser: a valid body holding __proto__ or constructor.prototype fails with its own code. */
export function parseJsonTellingForbiddenKeys(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit },
    (request, body, done) => {
      parseJson(request, body as string, (error, value) => {
        if (error && (error as FastifyError).code === "FST_ERR_CTP_INVALID_JSON_BODY") {
          try {
            JSON.parse(body as string);
            // Valid JSON that the secure parser refused: it holds __proto__ or constructor.prototype.
            done(clientError(forbiddenKeyCode, 400), undefined);
            return;
          } catch {
            // Broken JSON: Fastify's error stands.
          }
        }
        done(error, value);
      });
    },
  );
}

export const formEncoded = "application/x-www-form-urlencoded";

/** The scope reads form-encoded posts: every field a plain string (a repeated field keeps its last value). */
export function parseFormEncoded(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(formEncoded, { parseAs: "string", bodyLimit }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
