// docs/openapi.json and docs/functions.md: regenerated from the contracts they must match the files, and the
// running server's answers must be what the OpenAPI document says, checked by a JSON Schema validator.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect } from "vitest";
import { functionPath } from "../../contracts/functions.ts";
import { functionDocs, type JsonSchema } from "../../scripts/lib/functions-doc.ts";
import { functionsDocs, repositoryRoot } from "../../scripts/lib/generated-docs.ts";
import { postJson } from "../test/app.ts";
import { browserUserAgent } from "../test/factories.ts";
import { storageTest as it } from "../test/storage.ts";

const read = (path: string) => readFileSync(join(repositoryRoot, path), "utf8");

describe("the functions' API documents", () => {
  for (const doc of functionsDocs()) {
    it(`${doc.path} is what the contracts generate (run \`npm run docs\` after changing one)`, () => {
      expect(read(doc.path)).toBe(doc.content);
    });
  }
});

// Read from the file, as a client of the API would: the checks below hold the document, not the generator.
const document = JSON.parse(read("docs/openapi.json")) as {
  paths: Record<string, { post: Operation }>;
  components: { schemas: Record<string, JsonSchema> };
};

interface Operation {
  requestBody: {
    content: Record<string, { schema: JsonSchema; example?: Record<string, unknown> }>;
  };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}

// Formats are the contracts' own rules (a UUID of any version, an e-mail as the form checks it): not judged here.
const ajv = new Ajv2020({ strict: true, validateFormats: false });

function resolved(schema: JsonSchema): JsonSchema {
  const reference = schema.$ref;
  if (typeof reference !== "string") return schema;
  const name = reference.replace("#/components/schemas/", "");
  const target = document.components.schemas[name];
  if (!target) throw new Error(`${reference} is not in the document`);
  return target;
}

/** The document's validator of a status's JSON body (throws when the document has none: that is a gap too). */
function responseValidator(operation: Operation, status: string) {
  const schema = operation.responses[status]?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`the document gives no JSON body for ${status}`);
  return ajv.compile(resolved(schema));
}

for (const doc of functionDocs) {
  const path = functionPath(doc.name);

  describe(`POST ${path} answers as docs/openapi.json says`, () => {
    const operation = document.paths[path]?.post;
    if (!operation) throw new Error(`${path} is not in docs/openapi.json`);
    const request = operation.requestBody.content["application/json"];
    if (!request?.example) throw new Error(`${path} has no example body in docs/openapi.json`);
    const example = request.example;
    const validRequest = ajv.compile(resolved(request.schema));
    const post = (app: Parameters<typeof postJson>[0], payload: unknown, contentType?: string) =>
      postJson(app, path, payload, {
        headers: { "user-agent": browserUserAgent },
        ...(contentType ? { contentType } : {}),
      });
    // A new session and event for each call, so a repeat of the example is not what is answered.
    const fresh = () => ({
      ...example,
      ...("session_id" in example ? { session_id: crypto.randomUUID() } : {}),
      ...("event_id" in example ? { event_id: crypto.randomUUID() } : {}),
    });

    it("200 for the documented example, with the documented body", async ({ app }) => {
      expect(validRequest(example), JSON.stringify(validRequest.errors)).toBe(true);
      const response = await post(app, fresh());
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const valid200 = responseValidator(operation, "200");
      expect(valid200(body), JSON.stringify(valid200.errors)).toBe(true);
      expect(body).toEqual({ success: true });
    });

    const required = (resolved(request.schema).required as string[] | undefined) ?? [];
    it.for(required)(
      "400 without the required %s, which the document requires too",
      async (field, { app }) => {
        const payload: Record<string, unknown> = fresh();
        delete payload[field];
        expect(validRequest(payload)).toBe(false);
        const response = await post(app, payload);
        expect(response.statusCode).toBe(400);
        const body = response.json();
        const valid400 = responseValidator(operation, "400");
        expect(valid400(body), JSON.stringify(valid400.errors)).toBe(true);
        expect(body.error).toContain(field);
      },
    );

    it("400 for a field the document does not list", async ({ app }) => {
      const payload = { ...fresh(), colour: "blue" };
      expect(validRequest(payload)).toBe(false);
      const response = await post(app, payload);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(responseValidator(operation, "400")(body)).toBe(true);
      expect(body).toEqual({ success: false, error: "Unknown field: colour" });
    });

    it("415 for a body that is not JSON, with the documented body", async ({ app }) => {
      const response = await post(app, "hello", "text/plain");
      expect(response.statusCode).toBe(415);
      expect(responseValidator(operation, "415")(response.json())).toBe(true);
    });

    it("500 with the documented text when nothing can be stored", async ({ failingDb, apps }) => {
      const app = await apps.on(failingDb).start();
      const response = await post(app, fresh());
      expect(response.statusCode).toBe(500);
      const body = response.json();
      const valid500 = responseValidator(operation, "500");
      expect(valid500(body), JSON.stringify(valid500.errors)).toBe(true);
      expect(body).toEqual({ success: false, error: doc.failure });
    });
  });
}
