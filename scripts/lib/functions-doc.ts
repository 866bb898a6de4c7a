// docs/openapi.json and docs/functions.md, generated from the functions' zod contracts (z.toJSONSchema).
import { z } from "zod";
import { contactFormErrors, contactFormSchema } from "../../contracts/contact-form.ts";
import { errorAnswer, failureAnswer, successAnswer } from "../../contracts/function-answers.ts";
import { maxFunctionBodyBytes, requestErrors } from "../../contracts/function-result.ts";
import { type FunctionName, functionNames, functionPath } from "../../contracts/functions.ts";
import { trackEventErrors, trackEventSchema } from "../../contracts/track-event.ts";
import {
  directReferrer,
  trackReferrerErrors,
  trackReferrerSchema,
} from "../../contracts/track-referrer.ts";
import { utmParameters } from "../../contracts/utm.ts";
import { databaseRetryAfterSeconds } from "../../server/error-handler.ts";
import { contactFormRateLimits } from "../../server/functions/submit-contact-form.ts";
import { trackEventRateLimits } from "../../server/functions/track-event.ts";
import { trackReferrerRateLimits } from "../../server/functions/track-referrer.ts";

export type JsonSchema = { [key: string]: unknown };

interface FieldDoc {
  description: string;
  /** A JSON Schema format a validator may check; the contracts check it with their own rules. */
  format?: "uuid" | "email" | "uri";
}

/**
 * What each field means to a caller. Held in a registry of this generator's own rather than in the contracts'
 * `.meta()`, so the pages' scripts that validate with the same schemas do not carry the texts.
 */
const fieldDocs = z.registry<FieldDoc>();

function describeFields(schema: z.ZodObject, docs: Record<string, FieldDoc>): void {
  for (const [name, field] of Object.entries(schema.shape)) {
    const doc = docs[name];
    // A new field without a text would reach the documents unexplained: stop the generator instead.
    if (!doc) throw new Error(`${name} has no description in scripts/lib/functions-doc.ts`);
    fieldDocs.add(field as z.ZodType, doc);
  }
}

describeFields(contactFormSchema, {
  name: { description: "The sender's name." },
  email: { description: "The sender's e-mail address: the team replies to it.", format: "email" },
  phone: { description: "The sender's phone number; blank or null means not given." },
  business_name: { description: "The sender's business or event; blank or null means not given." },
  website: {
    description:
      "The sender's website; an address without a scheme (www.example.com) is read as https. Blank or null means not given.",
  },
  message: { description: "The message itself; line breaks are kept." },
  session_id: {
    description:
      "The tab's tracked session (the `session_id` sent to track-referrer), so the message is attributed to the visit that brought its sender.",
    format: "uuid",
  },
  extra_comments: {
    description:
      "A trap field hidden from people: leave it out. A message with it filled in is answered 200 and kept as spam, never e-mailed.",
  },
  form_token: {
    description:
      "The signed token the contact page was served with (a hidden field): a post without it, sooner than a few seconds after the page, or from a page over a day old scores towards spam. A message scored as spam is answered like any other and goes nowhere.",
  },
});

describeFields(trackReferrerSchema, {
  session_id: {
    description:
      "A UUID the browser makes once per tab session: a repeat is answered 200 and stored once.",
    format: "uuid",
  },
  referrer: {
    description: `\`document.referrer\`, or \`${directReferrer}\` when it is empty.`,
  },
  page_url: {
    description: "The landing page's URL; its utm_* parameters are stored with the visit.",
    format: "uri",
  },
  user_agent: { description: "`navigator.userAgent`; may be empty." },
});

describeFields(trackEventSchema, {
  event_id: {
    description:
      "A UUID the browser makes for each event: a repeat is answered 200 and stored once.",
    format: "uuid",
  },
  session_id: { description: "The tab's session, as track-referrer received it.", format: "uuid" },
  name: {
    description:
      "What happened: `pageview`, or a click that leads to the app's sign-up, login or sample event, a demo video or a social profile; `guide_sign_up` is a guide's own sign-up button, counted as a sign-up too.",
  },
  path: { description: "The page it happened on: path and query, no origin, starting with `/`." },
});

interface RateLimit {
  max: number;
  windowMs: number;
}

interface FunctionDoc {
  name: FunctionName;
  operationId: string;
  summary: string;
  /** What the function does beyond validating and storing, for the reader of functions.md and the OpenAPI text. */
  behaviour: string;
  body: z.ZodObject;
  example: Record<string, unknown>;
  failure: string;
  limits: readonly RateLimit[];
  /** Also accepts the no-JavaScript form's form-encoded post (answered by a redirect). */
  acceptsForm: boolean;
}

export const functionDocs: readonly FunctionDoc[] = [
  {
    name: functionNames.submitContactForm,
    operationId: "submitContactForm",
    summary: "Store a message from the contact form",
    behaviour:
      "With mail delivery on, its e-mail to the team is queued in the same transaction and sent after the answer. The same message again within a minute is answered 200 and stored once.",
    body: contactFormSchema,
    example: {
      name: "Ana Alvarez",
      email: "ana@example.com",
      phone: "",
      business_name: "Riverside Flea Market",
      website: "www.example.com",
      message: "We run a market of 80 vendors each month. Can we import our vendor list?",
      session_id: "0b6f3c1e-6a52-4d1b-9a43-6d2f1c9e8b11",
    },
    failure: contactFormErrors.failed,
    limits: contactFormRateLimits,
    acceptsForm: true,
  },
  {
    name: functionNames.trackReferrer,
    operationId: "trackReferrer",
    summary: "Record the visit that starts a tab session",
    behaviour:
      "Stored with it: referrer, landing page and its utm_* parameters, device, browser and operating system from the user agent, and the country of the client address (the address itself is not kept). Idempotent per `session_id`.",
    body: trackReferrerSchema,
    example: {
      session_id: "0b6f3c1e-6a52-4d1b-9a43-6d2f1c9e8b11",
      referrer: "https://news.example.com/markets",
      page_url: "https://www.boothpilot.example/pricing?utm_source=newsletter&utm_medium=email",
      user_agent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36",
    },
    failure: trackReferrerErrors.failed,
    limits: trackReferrerRateLimits,
    acceptsForm: false,
  },
  {
    name: functionNames.trackEvent,
    operationId: "trackEvent",
    summary: "Record a pageview or a click on a call to action",
    behaviour:
      "Idempotent per `event_id`. A browser that sends `Sec-GPC: 1` (Global Privacy Control) is answered 200 and nothing is stored.",
    body: trackEventSchema,
    example: {
      event_id: "5d0f9a2c-3b7e-4c61-8f0a-2e9d7c4b1a36",
      session_id: "0b6f3c1e-6a52-4d1b-9a43-6d2f1c9e8b11",
      name: "sign_up",
      path: "/pricing?utm_source=newsletter",
    },
    failure: trackEventErrors.failed,
    limits: trackEventRateLimits,
    acceptsForm: false,
  },
];

/** A nullable field's format belongs to its string branch: `format` on the union would also judge the null. */
function formatOnTheString(property: JsonSchema): JsonSchema {
  const { format, anyOf, ...rest } = property;
  if (format === undefined || !Array.isArray(anyOf)) return property;
  const branches = (anyOf as JsonSchema[]).map((branch) =>
    branch.type === "string" ? { ...branch, format } : branch,
  );
  return { ...rest, anyOf: branches };
}

function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, metadata: fieldDocs });
  const properties = rest.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return rest;
  return {
    ...rest,
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, formatOnTheString(property)]),
    ),
  };
}

const schemaName = (doc: FunctionDoc) =>
  `${doc.operationId.charAt(0).toUpperCase()}${doc.operationId.slice(1)}`;

function windowText(limit: RateLimit): string {
  const minutes = limit.windowMs / 60_000;
  return minutes === 60 ? "an hour" : minutes === 1 ? "a minute" : `per ${minutes} minutes`;
}

export const limitsText = (limits: readonly RateLimit[]) =>
  limits.map((limit) => `${limit.max} ${windowText(limit)}`).join(", ");

const json = (schema: JsonSchema | { $ref: string }) => ({
  "application/json": { schema },
});
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function operation(doc: FunctionDoc) {
  const name = schemaName(doc);
  const requestContent: Record<string, unknown> = {
    "application/json": { schema: ref(`${name}Request`), example: doc.example },
  };
  if (doc.acceptsForm) {
    requestContent["application/x-www-form-urlencoded"] = { schema: ref(`${name}Request`) };
  }
  const responses: Record<string, unknown> = {
    "200": {
      description: "Stored and committed (or stored before).",
      content: json(ref("Success")),
    },
    "400": {
      description:
        "Refused: the text names the field and the rule, or says what is wrong with the body (not JSON, bytes that are not UTF-8).",
      content: json(ref("Error")),
    },
    "413": { description: `Over ${maxFunctionBodyBytes / 1024} KiB.`, content: json(ref("Error")) },
    "415": {
      description: `${doc.acceptsForm ? "Neither JSON nor form-encoded" : "Not JSON"}, a charset other than UTF-8, or a Content-Encoding (none is read: the answer carries \`Accept-Encoding: identity\`).`,
      content: json(ref("Error")),
    },
    "429": {
      description: `Over a rate limit of the client address (${limitsText(doc.limits)}).`,
      headers: {
        "Retry-After": {
          description: "Seconds until the limit allows a call.",
          schema: { type: "integer" },
        },
      },
      content: json(ref("Error")),
    },
    "500": {
      description: "Not stored: nothing was committed.",
      content: json(jsonSchemaOf(failureAnswer(doc.failure), "output")),
    },
    "503": {
      description:
        "Not stored because the database is away or full; worth trying again after Retry-After.",
      headers: {
        "Retry-After": {
          description: `Seconds to wait before trying again (${databaseRetryAfterSeconds}).`,
          schema: { type: "integer" },
        },
      },
      content: json(jsonSchemaOf(failureAnswer(doc.failure), "output")),
    },
  };
  if (doc.acceptsForm) {
    responses["303"] = {
      description:
        "A form-encoded post (the contact page without JavaScript): a redirect to the contact page, which shows the outcome.",
    };
  }
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    description: doc.behaviour,
    requestBody: { required: true, content: requestContent },
    responses,
  };
}

export function openApiDocument(siteUrl: string): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    Success: jsonSchemaOf(successAnswer, "output"),
    Error: jsonSchemaOf(errorAnswer, "output"),
  };
  const paths: Record<string, unknown> = {};
  for (const doc of functionDocs) {
    schemas[`${schemaName(doc)}Request`] = jsonSchemaOf(doc.body, "input");
    paths[functionPath(doc.name)] = { post: operation(doc) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "BoothPilot site functions",
      version: "1",
      description:
        "The public functions the site's pages call. Generated by `npm run docs` from the zod contracts in contracts/.",
    },
    servers: [{ url: siteUrl }],
    paths,
    components: { schemas },
  };
}

/** The request schema's properties and required list, as the document states them. */
function fieldsOf(doc: FunctionDoc): { name: string; schema: JsonSchema; required: boolean }[] {
  const schema = jsonSchemaOf(doc.body, "input");
  const properties = schema.properties as Record<string, JsonSchema>;
  const required = new Set(schema.required as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    schema: property,
    required: required.has(name),
  }));
}

function typeText(schema: JsonSchema): string {
  const variants = (schema.anyOf as JsonSchema[] | undefined) ?? [schema];
  return variants
    .map((variant) => {
      if (Array.isArray(variant.enum))
        return variant.enum.map((value) => `\`${value}\``).join(", ");
      const format = variant.format ? `${variant.format}, ` : "";
      const max = variant.maxLength ? ` (${format}at most ${variant.maxLength} characters)` : "";
      return `${String(variant.type)}${max}`;
    })
    .join(" or ");
}

const cell = (text: string) => text.replaceAll("|", "\\|");

function functionSection(doc: FunctionDoc): string[] {
  return [
    `## \`POST ${functionPath(doc.name)}\``,
    "",
    `**${doc.summary}.** ${doc.behaviour} Limits per client address: ${limitsText(doc.limits)}.`,
    "",
    "| Field | Required | Type | Meaning |",
    "|---|---|---|---|",
    ...fieldsOf(doc).map(
      (field) =>
        `| \`${field.name}\` | ${field.required ? "yes" : "no"} | ${cell(typeText(field.schema))} | ${cell(
          String(field.schema.description ?? ""),
        )} |`,
    ),
    "",
    "Example body:",
    "",
    "```json",
    JSON.stringify(doc.example, null, 2),
    "```",
    "",
    `On failure to store it answers 500 \`{"success": false, "error": "${doc.failure}"}\`.`,
    "",
  ];
}

const generatedNote =
  "<!-- Generated by `npm run docs` from the zod contracts in contracts/ (scripts/lib/functions-doc.ts): edit those, not this file. -->";

export function renderFunctionsDoc(): string {
  return `${[
    generatedNote,
    "",
    "# Server functions and links to the organizer app",
    "",
    "The contract between this site and the team of the organizer app: the public functions the site's pages call,",
    "and what the site's links to the app carry. The same contract as OpenAPI 3.1: [`openapi.json`](openapi.json).",
    "",
    `Every function takes a JSON body (at most ${maxFunctionBodyBytes / 1024} KiB, UTF-8, not compressed) by \`POST\` and answers JSON only after what it`,
    "stores is committed: an acknowledged write survives a crash of the server. The browser may send the public",
    "key (`PUBLIC_BACKEND_KEY`) as an `apikey` header; other origins than the site's may call the functions from a",
    "browser only when listed in `CORS_ORIGINS` ([configuration](configuration.md)).",
    "",
    "## Answers",
    "",
    "| Status | Body | When |",
    "|---|---|---|",
    '| 200 | `{"success": true}` | stored and committed, or already stored (a repeat) |',
    `| 400 | \`{"success": false, "error": "…"}\` | refused: the text names the field and the rule (\`name is required\`), or the body (\`${requestErrors.invalidJson}\`, \`${requestErrors.notUtf8}\`: never stored with a replacement character) |`,
    `| 404, 405 | the same shape | another path (\`${requestErrors.notFound}\`), another method than POST (\`${requestErrors.methodNotAllowed}\`) |`,
    `| 413 | the same shape | \`${requestErrors.tooLarge}\` |`,
    `| 415 | the same shape | another media type (\`${requestErrors.unsupportedMediaType}\`), a charset other than UTF-8 (\`${requestErrors.unsupportedCharset}\`), or any \`Content-Encoding\` but \`identity\` (\`${requestErrors.unsupportedContentEncoding}\`, with \`Accept-Encoding: identity\`) |`,
    `| 429 | the same shape, with \`Retry-After\` | \`${requestErrors.tooManyRequests}\` |`,
    "| 500 | the same shape | the function's one failure text, below; never a stack trace |",
    `| 503 | the same shape as the 500, with \`Retry-After\` (${databaseRetryAfterSeconds} s) | not stored because the database is away or full: worth trying again later |`,
    "",
    ...functionDocs.flatMap(functionSection),
    "## The contact form without JavaScript",
    "",
    'The form is a real `<form method="post">`: without script the browser posts it form-encoded to',
    "submit-contact-form, which answers `303` to `/contact?sent=1` (confirmation) or, after a validation error,",
    "back to the form with an error summary at its top (each error a link to its field), the sentence under each",
    "refused field and every entered value kept; the refused post is kept in the database for the redirect, so any",
    "instance answers it. Over the rate limit the contact page comes back (`429`, `Retry-After`) with the values kept",
    "and when to try again. With JavaScript the same form becomes a script that posts JSON, loaded when the visitor",
    "first focuses or submits it.",
    "",
    "## What links to the organizer app carry",
    "",
    "Every link from the site to the organizer app (any link under `APP_URL`: sign up, login, the sample event, the",
    '"Start Your …" and "Let\'s Go" buttons) carries in its query, once the site\'s script has run',
    "(`app/lib/hand-off.ts`):",
    "",
    "| Parameter | Value |",
    "|---|---|",
    `| ${utmParameters.map((name) => `\`${name}\``).join(", ")} | First touch: those in the URL of the first page of the browser session (kept in session storage; a later page's utm_* never replace them); blank ones are left out |`,
    "| `bp_session` | The tracked session id: the `session_id` the functions above store with the visit, its events and a contact message |",
    "",
    "The link's own query is kept. There are no utm_* parameters when the landing URL had none, and nothing is added",
    "at all when the browser sends Global Privacy Control, or before the site's script has run (without JavaScript",
    "the links are as built).",
    "",
    "**What the app may do with them:** attribute a sign-up to the campaign and the visit that brought it, and",
    "nothing else (the site's privacy policy tells visitors that links to the app carry them). `bp_session` is a",
    "random id the browser made for the tab session, not a person's.",
  ].join("\n")}\n`;
}
