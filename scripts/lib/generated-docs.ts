// The documents generated from the code's own schemas: what `npm run docs` writes and the tests compare.
import { join } from "node:path";
import { parseBuildEnv } from "../../app/config/build-env.ts";
import { envVariables, renderConfigurationDoc, renderEnvExample } from "./configuration-doc.ts";
import { openApiDocument, renderFunctionsDoc } from "./functions-doc.ts";

export const repositoryRoot = join(import.meta.dirname, "..", "..");

export interface GeneratedDoc {
  /** Relative to the repository's root. */
  path: string;
  content: string;
}

export function configurationDocs(): GeneratedDoc[] {
  const variables = envVariables();
  return [
    { path: "docs/configuration.md", content: renderConfigurationDoc(variables) },
    { path: ".env.example", content: renderEnvExample(variables) },
  ];
}

export function functionsDocs(): GeneratedDoc[] {
  // The default origin: the document describes the contract, not one deployment.
  const { SITE_URL } = parseBuildEnv({});
  return [
    { path: "docs/functions.md", content: renderFunctionsDoc() },
    {
      path: "docs/openapi.json",
      content: `${JSON.stringify(openApiDocument(SITE_URL), null, 2)}\n`,
    },
  ];
}

export function generatedDocs(): GeneratedDoc[] {
  return [...configurationDocs(), ...functionsDocs()];
}
