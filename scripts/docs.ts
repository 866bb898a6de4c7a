// Writes the generated documents (configuration, .env.example, the functions' API) from the schemas: run after changing one.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { generatedDocs, repositoryRoot } from "./lib/generated-docs.ts";

for (const doc of generatedDocs()) {
  writeFileSync(join(repositoryRoot, doc.path), doc.content);
  console.log(`wrote ${doc.path}`);
}
