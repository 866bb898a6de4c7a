// Where Keystatic's editor saves: the working tree (local mode) or a GitHub repository, from configuration.
import type { GitHubConfig, LocalConfig } from "@keystatic/core";

/**
 * GitHub mode when KEYSTATIC_MODE=github and KEYSTATIC_GITHUB_REPO ("owner/name") is set, local mode otherwise.
 * Node reads the environment; the editor's page gets the repository through Vite (envPrefix in vite.config.ts).
 */
export function editorStorage(): LocalConfig["storage"] | GitHubConfig["storage"] {
  const repo = githubRepo();
  return repo ? { kind: "github", repo } : { kind: "local" };
}

function githubRepo(): `${string}/${string}` | undefined {
  const node = typeof process !== "undefined" && process.env ? process.env : undefined;
  const value = node
    ? node.KEYSTATIC_MODE === "github"
      ? node.KEYSTATIC_GITHUB_REPO
      : undefined
    : (import.meta.env as ImportMetaEnv | undefined)?.KEYSTATIC_GITHUB_REPO;
  return typeof value === "string" && /^[\w.-]+\/[\w.-]+$/.test(value)
    ? (value as `${string}/${string}`)
    : undefined;
}
