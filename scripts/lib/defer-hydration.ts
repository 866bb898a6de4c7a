// Rewrites React Router's emitted script tags so a page paints from HTML and CSS alone: the module
// hints and the hydration entry start after the first frame instead of competing with the CSS.

const modulePreload = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Turns
 *   <link rel="modulepreload" href="/assets/a.js"/> … <script type="module" async="">
 *     import "/assets/manifest.js"; import * as route0 from "/assets/root.js"; …
 *     window.__reactRouterRouteModules = {"root":route0, …}; import("/assets/entry.client.js");
 *   </script>
 * into one inline script that, after the first frame, adds the same modulepreload hints (so the
 * module graph still loads in parallel) and runs the same imports in the same order.
 */
export function deferHydration(html: string): string {
  const hints = [...html.matchAll(modulePreload)].map((m) => m[1] as string);
  const script = moduleScript.exec(html);
  if (!script) throw new Error("deferHydration: React Router's module script was not found");
  let body = script[1] ?? "";

  const sideEffects: string[] = [];
  const namespaces: { name: string; url: string }[] = [];
  body = body
    .replace(/^\s*import "([^"]+)";/gm, (_all, url: string) => {
      sideEffects.push(url);
      return "";
    })
    .replace(/^\s*import \* as (\w+) from "([^"]+)";/gm, (_all, name: string, url: string) => {
      namespaces.push({ name, url });
      return "";
    });
  // What is left runs once the modules are there: merging split route chunks, registering the
  // route modules, and the dynamic import of the client entry.
  const rest = body.trim();
  if (
    namespaces.length === 0 ||
    !rest.includes("window.__reactRouterRouteModules") ||
    /^\s*import\s/m.test(rest)
  ) {
    throw new Error("deferHydration: unexpected shape of React Router's module script");
  }

  const deferred = [
    `(()=>{const hints=${JSON.stringify(hints)};`,
    `const start=()=>{for(const href of hints){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
    `Promise.all([${sideEffects.map((u) => `import(${JSON.stringify(u)})`).join(",")}]).then(()=>Promise.all([${namespaces.map((n) => `import(${JSON.stringify(n.url)})`).join(",")}]))`,
    `.then(([${namespaces.map((n) => n.name).join(",")}])=>{${rest}})};`,
    `requestAnimationFrame(()=>setTimeout(start,0))})()`,
  ].join("");

  return html
    .replace(modulePreload, "")
    .replace(moduleScript, () => `<script type="module">${deferred}</script>`);
}
