// The content editor, Keystatic's own UI, at /keystatic: routed only where KEYSTATIC_MODE is set (app/routes.ts).
import type { Config } from "@keystatic/core";
import { Keystatic } from "@keystatic/core/ui";
import config from "../../keystatic.config";

export default function KeystaticPage() {
  // The UI takes the config's general type, which its `ui` member's inferred collection keys do not widen to.
  return <Keystatic config={config as unknown as Config} />;
}
