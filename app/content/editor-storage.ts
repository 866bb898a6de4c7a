// Where Keystatic's editor saves: the working tree (local mode) or a GitHub repository, from configuration.
import type { GitHubConfig, LocalConfig } from "@keystatic/core";

/**
 * GitHub mode when KEYSTATIC_GITHUB_REPO ("owner/name") is set, local mode otherwise. The editor's browser
 * bundle gets the value through Vite's `define` (vite.config.ts); Node reads the environment.
 */
export function editorStorage(): LocalConfig["storage"] | GitHubConfig["storage"] {
  const repo = githubRepo();
  return repo ? { kind: "github", repo } : { kind: "local" };
}

function githubRepo(): `${string}/${string}` | undefined {
  const value =
    typeof process !== "undefined" && process.env ? process.env.KEYSTATIC_GITHUB_REPO : undefined;
  return value && /^[\w.-]+\/[\w.-]+$/.test(value) ? (value as `${string}/${string}`) : undefined;
}
