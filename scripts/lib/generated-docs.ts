// The documents generated from the code's own schemas: what `npm run docs` writes and the tests compare.
import { join } from "node:path";
import { envVariables, renderConfigurationDoc, renderEnvExample } from "./configuration-doc.ts";

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

export function generatedDocs(): GeneratedDoc[] {
  return [...configurationDocs()];
}
